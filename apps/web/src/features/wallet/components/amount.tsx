import { formatAmount } from '../lib/amount.ts';

/** An amount with its currency, always left to right (Arabic pages keep "1,000.00 USDT" readable). */
export function Amount({
  value,
  currency,
  className,
}: {
  value: string | bigint | null | undefined;
  currency?: string | null | undefined;
  className?: string;
}) {
  return (
    <bdi dir="ltr" className={className ? `wallet-amount ${className}` : 'wallet-amount'}>
      {formatAmount(value)}
      {currency ? ` ${currency}` : ''}
    </bdi>
  );
}
