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
      {/* USDT by the one rule (2 to 6 decimals); another coin (BTC) with all its decimals. */}
      {formatAmount(value, 2, currency && currency !== 'USDT' ? 10 : undefined)}
      {currency ? ` ${currency}` : ''}
    </bdi>
  );
}
