/** The parcel's journey: carrier and tracking number, then each event in time order (SPEC §3). */
import type { LogisticsDto } from '@mall/contract';
import { Button, Modal } from '@mantine/core';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { useLogistics } from '../api/orders-api.ts';

/** Oldest first, as SPEC §3 says (the server sends them so; sorting again costs nothing). */
export function sortedLogistics(entries: readonly LogisticsDto[]): LogisticsDto[] {
  return [...entries].sort((a, b) =>
    a.createTime < b.createTime ? -1 : a.createTime > b.createTime ? 1 : 0,
  );
}

export function LogisticsList({ entries }: { entries: readonly LogisticsDto[] }) {
  const { t } = useTranslation('orders');
  if (entries.length === 0) return <p className="muted">{t('logistics.none')}</p>;
  const sorted = sortedLogistics(entries);
  const carriers = [...new Map(sorted.map((e) => [`${e.carrier}|${e.trackingNo}`, e])).values()];
  return (
    <div className="orders-logistics">
      {carriers.map((c) => (
        <p key={`${c.carrier}|${c.trackingNo}`} className="orders-parcel">
          <span>{t('logistics.carrier')}</span> <bdi>{c.carrier}</bdi> ·{' '}
          <span>{t('logistics.trackingNo')}</span>{' '}
          <bdi dir="ltr" className="orders-serial">
            {c.trackingNo}
          </bdi>
        </p>
      ))}
      <ol className="orders-timeline">
        {sorted.map((e, i) => (
          <li
            key={`${e.createTime}|${e.content}|${e.location}`}
            data-last={i === sorted.length - 1 || undefined}
          >
            <time dir="ltr" className="orders-time">
              {toLocalTime(e.createTime)}
            </time>
            <span className="orders-timeline-text">
              <bdi>{e.content}</bdi>
              {e.location && (
                <span className="muted">
                  {' '}
                  · <bdi>{e.location}</bdi>
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function LogisticsDialog({
  orderId,
  serialNo,
  opened,
  onClose,
}: {
  orderId: string;
  serialNo: string;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('orders');
  const log = useLogistics(orderId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('logistics.title')} centered size="lg">
      <p className="orders-small muted">
        {t('card.serial')}{' '}
        <bdi dir="ltr" className="orders-serial">
          {serialNo}
        </bdi>
      </p>
      {log.isPending ? (
        <div className="page-loading orders-loading-small" aria-busy="true" />
      ) : log.isError ? (
        <div className="orders-state">
          <p>{t('common.loadFailed')}</p>
          <Button variant="default" size="xs" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <LogisticsList entries={log.data} />
      )}
    </Modal>
  );
}
