import type { OrderDto } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';
import { Money } from './money.tsx';

/** The amounts of one order as the server computed them (SPEC §3, docs/api/orders.md). */
export function Amounts({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const rows: [string, string][] = [
    ['amounts.goods', order.goodsAmount],
    ['amounts.freight', order.freight],
    ['amounts.tax', order.tax],
    ['amounts.discount', order.discount],
    ['amounts.handlingFee', order.handlingFee],
  ];
  return (
    <dl className="orders-amounts">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd>
            {key === 'amounts.discount' && value !== '0' ? '−' : ''}
            <Money value={value} />
          </dd>
        </div>
      ))}
      <div className="orders-amounts-total">
        <dt>{t('amounts.total')}</dt>
        <dd>
          <Money value={order.total} strong />
        </dd>
      </div>
    </dl>
  );
}
