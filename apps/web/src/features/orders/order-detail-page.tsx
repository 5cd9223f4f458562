/**
 * /userInfo/order-detail?orderId=: the order's status with its actions, the history, the delivery
 * address, the lines, the amounts the server computed, payment and remark, the refund or return,
 * and the parcel's logistics oldest first.
 */
import { CANCEL_REASONS, ORDER_STATUS, type OrderDetailDto } from '@mall/contract';
import { Button } from '@mantine/core';
import { ApiError } from '../../lib/api-client.ts';
import { failureText } from '../../lib/errors.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useLocation } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { useOrderDetail } from './api/orders-api.ts';
import { AddressLines } from './components/address-card.tsx';
import { Amounts } from './components/amounts.tsx';
import { History } from './components/history.tsx';
import { LogisticsList } from './components/logistics.tsx';
import { Money } from './components/money.tsx';
import { OrderActions } from './components/order-actions.tsx';
import { OrderItems } from './components/order-items.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import { AFTER_SALES_REASONS, afterSalesKind, statusName, wireMs } from './lib/order-rules.ts';
import { countdown, useNow } from './lib/use-now.ts';
import './orders-styles.ts';

/** A refusal by the server (not found, not yours) will not change on a retry; a lost reply may. */
function retryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code < 0;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Time({ value }: { value: string | null }) {
  return value ? <time dir="ltr">{toLocalTime(value)}</time> : <span>-</span>;
}

function StatusPanel({ order, now }: { order: OrderDetailDto; now: number }) {
  const { t } = useTranslation('orders');
  const payBy = order.status === ORDER_STATUS.pendingPayment ? wireMs(order.payDeadline) : undefined;
  const returnBy = wireMs(order.returnDeadline);
  return (
    <section className="orders-panel orders-status-panel" aria-labelledby="order-status-title">
      <div className="orders-panel-head">
        <h2 id="order-status-title">
          <StatusBadge order={order} />
        </h2>
        <span className="muted orders-small">
          {t('card.serial')}{' '}
          <bdi dir="ltr" className="orders-serial">
            {order.serialNo}
          </bdi>
        </span>
      </div>
      <p className="orders-status-hint">{t(`hints.${statusName(order.status)}`)}</p>
      {payBy !== undefined && order.payDeadline && (
        <p className="orders-deadline">
          {t('pay.deadline', { time: toLocalTime(order.payDeadline) })}{' '}
          <bdi dir="ltr" className="orders-countdown">
            {countdown(payBy, now)}
          </bdi>
        </p>
      )}
      {returnBy !== undefined && order.returnDeadline && now < returnBy && (
        <p className="muted orders-small">
          {t('detail.returnUntil', { time: toLocalTime(order.returnDeadline) })}
        </p>
      )}
      <OrderActions order={order} now={now} hide={['logistics']} />
    </section>
  );
}

export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { search } = useLocation();
  const orderId = new URLSearchParams(search).get('orderId') ?? undefined;
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  const now = useNow(order?.status === ORDER_STATUS.pendingPayment ? 1000 : 60_000);

  if (!orderId || detail.isError) {
    return (
      <div className="orders-page">
        <div className="orders-panel orders-state">
          <h1>{t('detail.title')}</h1>
          <p>{detail.error ? failureText(detail.error) : t('detail.notFound')}</p>
          <div className="orders-state-actions">
            {detail.isError && retryable(detail.error) && (
              <Button variant="default" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </Button>
            )}
            <LangLink className="button-link" to="/userInfo/my-order">
              {t('detail.back')}
            </LangLink>
          </div>
        </div>
      </div>
    );
  }
  if (!order) return <div className="page-loading" aria-busy="true" />;

  const kind = afterSalesKind(order);
  const cancelReason = order.cancelReason !== null ? CANCEL_REASONS[order.cancelReason] : undefined;
  const returnReason = order.returnReason !== null ? AFTER_SALES_REASONS[order.returnReason] : undefined;

  return (
    <div className="orders-page order-detail-page">
      <header className="orders-page-head">
        <h1>{t('detail.title')}</h1>
        <LangLink to="/userInfo/my-order">{t('detail.back')}</LangLink>
      </header>
      <StatusPanel order={order} now={now} />
      <div className="order-detail-grid">
        <section className="orders-panel" aria-labelledby="order-items-title">
          <div className="orders-panel-head">
            <h2 id="order-items-title">{t('detail.items')}</h2>
            <LangLink className="orders-store" to={`/store?id=${encodeURIComponent(order.sellerId)}`}>
              <bdi>{order.sellerName}</bdi>
            </LangLink>
          </div>
          <OrderItems items={order.items} detailed />
          <Amounts order={order} />
        </section>
        <section className="orders-panel" aria-labelledby="order-info-title">
          <h2 id="order-info-title">{t('detail.info')}</h2>
          <dl className="orders-fields">
            <Field label={t('detail.created')}>
              <Time value={order.createTime} />
            </Field>
            <Field label={t('detail.paid')}>
              <Time value={order.payTime} />
            </Field>
            {order.payMethod && <Field label={t('pay.method')}>{t(`pay.methods.${order.payMethod}`)}</Field>}
            {order.payTime && (
              <Field label={t('detail.paidAmount')}>
                <Money value={order.paidAmount} />
              </Field>
            )}
            <Field label={t('detail.shipped')}>
              <Time value={order.shipTime} />
            </Field>
            <Field label={t('detail.received')}>
              <Time value={order.receiveTime} />
            </Field>
            <Field label={t('detail.remark')}>
              {order.remark ? (
                <bdi className="orders-remark">{order.remark}</bdi>
              ) : (
                <span className="muted">-</span>
              )}
            </Field>
            {cancelReason && (
              <Field label={t('detail.cancelReason')}>
                {t(`cancelReasons.${cancelReason}`)}
                {order.cancelText && (
                  <>
                    {' '}
                    · <bdi>{order.cancelText}</bdi>
                  </>
                )}
              </Field>
            )}
          </dl>
          <h3 className="orders-subhead">{t('detail.address')}</h3>
          <AddressLines address={order.address} />
        </section>
        {(returnReason || order.refundStatus !== 0) && (
          <section className="orders-panel" aria-labelledby="order-refund-title">
            <h2 id="order-refund-title">{t(`detail.afterSales.${kind}`)}</h2>
            <dl className="orders-fields">
              <Field label={t('detail.refundState')}>
                <StatusBadge order={{ status: order.status, refundStatus: order.refundStatus }} />
              </Field>
              {returnReason && <Field label={t('detail.returnReason')}>{t(`reasons.${returnReason}`)}</Field>}
              {order.returnAmount && (
                <Field label={t('detail.returnAmount')}>
                  <Money value={order.returnAmount} />
                </Field>
              )}
              {order.refundedAmount !== '0' && (
                <Field label={t('detail.refunded')}>
                  <Money value={order.refundedAmount} />
                </Field>
              )}
              {order.returnRemark && (
                <Field label={t('detail.returnRemark')}>
                  <bdi className="orders-remark">{order.returnRemark}</bdi>
                </Field>
              )}
            </dl>
            {order.returnImages.length > 0 && (
              <ul className="orders-thumbs orders-thumbs-static">
                {order.returnImages.map((url, i) => (
                  <li key={url} className="orders-thumb">
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      <img src={url} alt={t('images.alt', { n: i + 1 })} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <section className="orders-panel" aria-labelledby="order-logistics-title">
          <h2 id="order-logistics-title">{t('logistics.title')}</h2>
          <LogisticsList entries={order.logistics} />
        </section>
        <section className="orders-panel" aria-labelledby="order-history-title">
          <h2 id="order-history-title">{t('detail.history')}</h2>
          <History events={order.events} />
        </section>
      </div>
    </div>
  );
}
