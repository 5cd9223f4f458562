/** The order's history (SPEC §4 events), oldest first, each translated by its type. */
import type { OrderEventDto } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';

export function History({ events }: { events: readonly OrderEventDto[] }) {
  const { t } = useTranslation('orders');
  if (events.length === 0) return <p className="muted">{t('detail.noHistory')}</p>;
  const sorted = [...events].sort((a, b) =>
    a.createTime < b.createTime ? -1 : a.createTime > b.createTime ? 1 : 0,
  );
  return (
    <ol className="orders-timeline">
      {sorted.map((e, i) => (
        <li key={`${e.createTime}|${e.type}|${e.note}`} data-last={i === sorted.length - 1 || undefined}>
          <time dir="ltr" className="orders-time">
            {toLocalTime(e.createTime)}
          </time>
          <span className="orders-timeline-text">
            <strong>{t(`events.${e.type}`, { defaultValue: e.type })}</strong>
            {e.note && (
              <span className="muted">
                {' '}
                · <bdi>{e.note}</bdi>
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
