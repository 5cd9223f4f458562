import { withCurrency } from '../../../lib/currency.ts';
import { formatMoney } from '../../../lib/money-text.ts';

/** An amount in the brand's currency style, always left to right (Arabic pages keep it readable). */
export function Money({
  value,
  className,
  strong,
}: {
  value: string | bigint | null | undefined;
  className?: string;
  strong?: boolean;
}) {
  const text = withCurrency(formatMoney(value));
  return (
    <bdi dir="ltr" className={className ? `orders-money ${className}` : 'orders-money'}>
      {strong ? <strong>{text}</strong> : text}
    </bdi>
  );
}
