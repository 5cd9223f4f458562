/**
 * What finance's two review lists (recharges, withdrawals) share: the status filter, the search
 * (serial number, transaction hash, address, user name or id: exact matches on the server), the
 * sort by time or amount (column headers on a desk, a menu on a phone, which has no headers) and
 * the page, which goes back to 1 whenever any of the others changes.
 */
import type { AdminRecordSort } from '@mall/contract';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { api } from '../../lib/api.ts';
import { usePaged } from '../../lib/use-paged.ts';

const STATUSES = ['processing', 'success', 'fail', 'all'] as const;
type Status = (typeof STATUSES)[number];
const SORTS = ['time:desc', 'time:asc', 'amount:desc', 'amount:asc'] as const;

export function useRecordList(
  name: 'recharges' | 'withdrawals',
  url: '/api/admin/wallet/recharge/list' | '/api/admin/wallet/withdraw/list',
) {
  const { filter, setFilter, pageNum, setPageNum } = usePaged<Status>('processing');
  const [keyword, setKeyword] = useState('');
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const query = useQuery({
    queryKey: [name, filter, keyword, sort, pageNum],
    queryFn: () =>
      api(url, {
        pageNum,
        pageSize: 20,
        sort: sort.key as AdminRecordSort,
        order: sort.direction,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(keyword ? { keyword } : {}),
      }),
  });
  const search = (next: string) => {
    if (next === keyword) return;
    setKeyword(next);
    setPageNum(1);
  };
  return { query, filter, setFilter, keyword, search, sort, setSort, setPageNum };
}

type RecordList = ReturnType<typeof useRecordList>;

/** The page's title with the search and status filter, and on a phone the sort menu below. */
export function RecordListHeader({
  title,
  searchLabel,
  list,
}: {
  title: string;
  searchLabel: string;
  list: Pick<RecordList, 'filter' | 'setFilter' | 'search' | 'sort' | 'setSort'>;
}): ReactNode {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
            <SearchBox label={searchLabel} placeholder={searchLabel} onSearch={list.search} />
            <SegmentedControl
              value={list.filter}
              onChange={(v) => list.setFilter(v as Status)}
              data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Group>
        }
      />
      {phone && (
        <Select
          mb="md"
          aria-label={t('records.sortBy')}
          value={`${list.sort.key}:${list.sort.direction}`}
          onChange={(v) => {
            const [key = 'time', direction = 'desc'] = (v ?? '').split(':');
            list.setSort({ key, direction: direction === 'asc' ? 'asc' : 'desc' });
          }}
          data={SORTS.map((value) => ({ value, label: t(`records.sort.${value.replace(':', '_')}`) }))}
          allowDeselect={false}
        />
      )}
    </>
  );
}
