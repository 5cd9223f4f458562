/** One order in the list: its store, serial number, time, status, lines, total and actions. */
import { ORDER_STATUS, type OrderDto } from '@mall/contract';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { wireMs } from '../lib/order-rules.ts';
import { countdown } from '../lib/use-now.ts';
import { Money } from './money.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderItems } from './order-items.tsx';
import { StatusBadge } from './status-badge.tsx';

export function OrderCard({ order, now }: { order: OrderDto; now: number }) {
  const { t } = useTranslation('orders');
  const detail = `/userInfo/order-detail?orderId=${encodeURIComponent(order.id)}`;
  const deadline = order.status === ORDER_STATUS.pendingPayment ? wireMs(order.payDeadline) : undefined;
  const pieces = order.items.reduce((n, i) => n + i.count, 0);
  return (
    <article className="orders-card" aria-labelledby={`order-${order.id}`}>
      <header className="orders-card-head">
        <div className="orders-card-who">
          <LangLink className="orders-store" to={`/store?id=${encodeURIComponent(order.sellerId)}`}>
            <bdi>{order.sellerName}</bdi>
          </LangLink>
          <span className="muted orders-small" id={`order-${order.id}`}>
            {t('card.serial')}{' '}
            <bdi dir="ltr" className="orders-serial">
              {order.serialNo}
            </bdi>
          </span>
          <time className="muted orders-small" dir="ltr">
            {toLocalTime(order.createTime)}
          </time>
        </div>
        <StatusBadge order={order} />
      </header>
      <LangLink
        to={detail}
        className="orders-card-items"
        aria-label={t('card.openDetails', { serial: order.serialNo })}
      >
        <OrderItems items={order.items} />
      </LangLink>
      <footer className="orders-card-foot">
        <div className="orders-card-total">
          <span className="muted orders-small">{t('card.pieces', { count: pieces })}</span>
          <span>
            {t('card.total')} <Money value={order.total} strong />
          </span>
          {deadline !== undefined && (
            <span className="orders-deadline orders-small">
              {t('card.payWithin')}{' '}
              <bdi dir="ltr" className="orders-countdown">
                {countdown(deadline, now)}
              </bdi>
            </span>
          )}
        </div>
        <div className="orders-card-buttons">
          <OrderActions order={order} now={now} />
          <LangLink to={detail} className="orders-details-link">
            {t('card.details')}
          </LangLink>
        </div>
      </footer>
    </article>
  );
}
