import { formatMoney } from '../../../lib/money-text.ts';

/** An amount with its currency, always left to right (Arabic pages keep "1,000.00 USDT" readable). */
export function Money({
  value,
  className,
  strong,
}: {
  value: string | bigint | null | undefined;
  className?: string;
  strong?: boolean;
}) {
  const text = `${formatMoney(value)} USDT`;
  return (
    <bdi dir="ltr" className={className ? `orders-money ${className}` : 'orders-money'}>
      {strong ? <strong>{text}</strong> : text}
    </bdi>
  );
}
