/**
 * Checkout's summary before anything is created: the server's quote per store (goods, freight as
 * dispatch + distance + delivery, tax, handling fee, discount, total) and the amount to pay, so
 * the buyer sees the figure the order will charge. The space is kept while the quote loads.
 */
import type { OrderQuoteDto, QuoteChangeDto } from '@mall/contract';
import { Button } from '@mantine/core';
import { useTranslation } from '../../../lib/translator/react.ts';
import { Money } from './money.tsx';

function StoreQuote({ order }: { order: OrderQuoteDto['orders'][number] }) {
  const { t } = useTranslation('orders');
  return (
    <div className="orders-placed-order">
      <p className="orders-placed-head">
        <bdi className="orders-store">{order.sellerName}</bdi>
      </p>
      <dl className="orders-amounts">
        <div>
          <dt>{t('amounts.goods')}</dt>
          <dd>
            <Money value={order.goodsAmount} />
          </dd>
        </div>
        <div>
          <dt>{t('amounts.freight')}</dt>
          <dd>
            <Money value={order.freight} />
          </dd>
        </div>
        <div className="orders-freight-parts">
          <dt>{t('amounts.freightParts')}</dt>
          <dd>
            <span>
              {t('amounts.dispatch')} <Money value={order.dispatchFee} />
            </span>
            <span>
              {t('amounts.distance')} <Money value={order.distanceFee} />
            </span>
            <span>
              {t('amounts.delivery')} <Money value={order.deliveryFee} />
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('amounts.tax')}</dt>
          <dd>
            <Money value={order.tax} />
          </dd>
        </div>
        <div>
          <dt>{t('amounts.handlingFee')}</dt>
          <dd>
            <Money value={order.handlingFee} />
          </dd>
        </div>
        <div>
          <dt>{t('amounts.discount')}</dt>
          <dd>
            {order.discount !== '0' ? '−' : ''}
            <Money value={order.discount} />
          </dd>
        </div>
        <div className="orders-amounts-total">
          <dt>{t('amounts.total')}</dt>
          <dd>
            <Money value={order.total} strong />
          </dd>
        </div>
      </dl>
    </div>
  );
}

export function QuoteSummary({
  quote,
  loading,
  failed,
  onRetry,
}: {
  quote: OrderQuoteDto | undefined;
  loading: boolean;
  failed: string | undefined;
  onRetry(): void;
}) {
  const { t } = useTranslation('orders');
  if (failed) {
    return (
      <div className="orders-state" role="alert">
        <p>{failed}</p>
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!quote) return <div className="page-loading orders-quote-loading" aria-busy="true" />;
  return (
    <div className="orders-placed" aria-busy={loading || undefined}>
      {quote.orders.map((o) => (
        <StoreQuote key={o.sellerId} order={o} />
      ))}
      <p className="orders-grand-total">
        <span>{t('checkout.payable')}</span>
        <Money value={quote.total} strong />
      </p>
      <p className="muted orders-small">{t('checkout.quoteNote')}</p>
    </div>
  );
}

/** What moved between the quote and the order (QUOTE_CHANGED), one line per figure. */
export function QuoteChanges({ changes }: { changes: readonly QuoteChangeDto[] }) {
  const { t } = useTranslation('orders');
  return (
    <div className="orders-warning" role="alert">
      <p>{t('checkout.quoteChanged')}</p>
      <ul className="orders-quote-changes">
        {changes.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
          <li key={i}>
            {c.kind === 'items' ? (
              t('checkout.change.items')
            ) : (
              <>
                {t(`checkout.change.${c.kind}`, { name: c.name ?? '' })}: <Money value={c.before} />{' '}
                {t('checkout.change.arrow')} <Money value={c.after} />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
