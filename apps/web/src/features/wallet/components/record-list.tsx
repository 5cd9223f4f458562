/** A page of wallet records with its pager; loading, empty and failed states of its own. */
import { Pagination } from '@mantine/core';
import { useEffect } from 'react';
import { showError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { pageSizeOf, type RecordsTab, useRecords } from '../api/wallet-api.ts';
import { RecordCard } from './record-card.tsx';

export function RecordList({
  tab,
  page,
  onPage,
  highlightId,
}: {
  tab: RecordsTab;
  page: number;
  onPage(page: number): void;
  highlightId?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  const records = useRecords(tab, page);
  useEffect(() => {
    if (records.error) showError(records.error);
  }, [records.error]);
  const total = records.data?.pageInfo.total;
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSizeOf(tab)));
  // A page past the end (a shared link, or records moved): go to the last one instead.
  const pastEnd = total !== undefined && !records.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) onPage(pages);
  }, [pastEnd, pages, onPage]);

  if (records.isPending) {
    return (
      <div className="wallet-records" aria-busy="true">
        <p className="visually-hidden">{t('common.loading')}</p>
        {[0, 1, 2].map((i) => (
          <div key={i} className="wallet-record is-skeleton" />
        ))}
      </div>
    );
  }
  if (records.isError && !records.data) {
    return (
      <div className="wallet-empty">
        <p>{t('records.loadFailed')}</p>
        <button type="button" className="wallet-text-button" onClick={() => void records.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { pageList, pageInfo } = records.data;
  if (pastEnd) return null;
  if (pageList.length === 0) {
    return (
      <div className="wallet-empty">
        <p>{t(`records.empty.${tab}`)}</p>
      </div>
    );
  }
  return (
    <div className="wallet-records" aria-busy={records.isFetching || undefined}>
      <p className="muted wallet-records-count">{t('records.count', { count: pageInfo.total })}</p>
      {pageList.map((record) => (
        <RecordCard key={record.id} record={record} highlight={record.id === highlightId} />
      ))}
      {pages > 1 && (
        <nav className="wallet-pager" aria-label={t('records.pages')}>
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': t(`records.pager.${control}`),
            })}
            getItemProps={(item) => ({ 'aria-label': t('records.pager.page', { page: item }) })}
          />
        </nav>
      )}
    </div>
  );
}
