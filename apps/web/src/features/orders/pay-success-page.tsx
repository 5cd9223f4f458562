import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client.ts';
import { moneyUnits } from '../../lib/money-text.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useLocation } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { orderKeys } from './api/orders-api.ts';
import { Money } from './components/money.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import './orders-styles.ts';

export default function PaySuccessPage() {
  const { t } = useTranslation('orders');
  const { search } = useLocation();
  const ids = (new URLSearchParams(search).get('orders') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[0-9A-Za-z]{1,26}$/.test(s))
    .slice(0, 50);
  // One query for all of them (useQueries would add a shared chunk to the first paint).
  const result = useQuery({
    queryKey: [...orderKeys.all, 'paid', ids.join(',')],
    queryFn: () =>
      Promise.all(ids.map((orderId) => apiCall('/api/order/info', { method: 'POST', body: { orderId } }))),
    enabled: ids.length > 0,
    retry: false,
  });
  const orders = result.data ?? [];
  const loading = ids.length > 0 && result.isPending;
  const failed = result.isError;
  const paid = orders.filter((o) => o.payTime);
  const total = paid.reduce((s, o) => s + (moneyUnits(o.paidAmount) ?? 0n), 0n);

  return (
    <div className="container orders-page pay-success-page">
      <section className="orders-panel pay-success" aria-labelledby="pay-success-title">
        <div className="pay-success-mark">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
          </svg>
        </div>
        <h1 id="pay-success-title">
          {ids.length === 0 || paid.length > 0 || loading ? t('paid.title') : t('paid.notPaid')}
        </h1>
        {loading ? (
          <div className="page-loading orders-loading-small" aria-busy="true" />
        ) : (
          <>
            {paid.length > 0 && (
              <p className="pay-success-total">
                {t('paid.total')} <Money value={total} strong />
              </p>
            )}
            {failed && (
              <div className="orders-state">
                <p>{t('common.loadFailed')}</p>
                <Button variant="default" size="xs" onClick={() => void result.refetch()}>
                  {t('common.retry')}
                </Button>
              </div>
            )}
            {orders.length > 0 && (
              <ul className="pay-success-orders">
                {orders.map((o) => (
                  <li key={o.id}>
                    <div>
                      <bdi className="orders-store">{o.sellerName}</bdi>
                      <span className="muted orders-small">
                        {t('card.serial')}{' '}
                        <bdi dir="ltr" className="orders-serial">
                          {o.serialNo}
                        </bdi>
                      </span>
                      {o.payTime && (
                        <span className="muted orders-small">
                          {t('paid.at')} <time dir="ltr">{toLocalTime(o.payTime)}</time>
                          {o.payMethod && <> · {t(`pay.methods.${o.payMethod}`)}</>}
                        </span>
                      )}
                    </div>
                    <div className="pay-success-figures">
                      <Money value={o.payTime ? o.paidAmount : o.total} strong />
                      <StatusBadge order={o} />
                      <LangLink to={`/userInfo/order-detail?orderId=${encodeURIComponent(o.id)}`}>
                        {t('card.details')}
                      </LangLink>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <p className="muted">{t('paid.next')}</p>
          </>
        )}
        <div className="orders-state-actions">
          <LangLink className="button-link" to="/userInfo/my-order">
            {t('paid.viewOrders')}
          </LangLink>
          <LangLink to="/index">{t('paid.keepShopping')}</LangLink>
        </div>
      </section>
    </div>
  );
}
