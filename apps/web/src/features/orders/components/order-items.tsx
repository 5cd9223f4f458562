import type { OrderItemDto } from '@mall/contract';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { Money } from './money.tsx';

/** "0.94 USDT × 2", one left-to-right run (in Arabic too, so the count stays beside its price). */
export function UnitTimesCount({ price, count }: { price: string; count: number }) {
  return (
    <bdi dir="ltr">
      <Money value={price} /> <span className="muted">× {count}</span>
    </bdi>
  );
}

/** An order's lines: picture, name (to the goods page), specification, unit price × count, subtotal. */
export function OrderItems({
  items,
  detailed = false,
}: {
  items: readonly OrderItemDto[];
  detailed?: boolean;
}) {
  const { t } = useTranslation('orders');
  return (
    <ul className="orders-items">
      {items.map((item) => (
        <li key={item.id} className="orders-item">
          <img className="orders-item-img" src={item.imgUrl} alt="" width={64} height={64} loading="lazy" />
          <div className="orders-item-main">
            <LangLink
              className="orders-item-name"
              to={`/productDetails?sellerGoodsId=${encodeURIComponent(item.sellerGoodsId)}`}
            >
              {item.name}
            </LangLink>
            {item.attrName && <span className="orders-item-spec muted">{item.attrName}</span>}
            {detailed && (
              <span className="orders-item-spec muted">
                {t('detail.itemFreight')} <Money value={item.freight} />
                {item.reviewed && <> · {t('detail.itemReviewed')}</>}
              </span>
            )}
          </div>
          <div className="orders-item-figures">
            <UnitTimesCount price={item.unitPrice} count={item.count} />
            {detailed && <Money value={item.subtotal} className="orders-item-subtotal" />}
          </div>
        </li>
      ))}
    </ul>
  );
}
