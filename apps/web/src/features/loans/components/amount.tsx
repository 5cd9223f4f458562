import { formatAmount } from '../lib/amount.ts';

/** An amount with its currency, always left to right (Arabic pages keep "1,000.00 USDT" readable). */
export function Amount({
  value,
  currency = 'USDT',
  className,
}: {
  value: string | null | undefined;
  currency?: string | null;
  className?: string;
}) {
  return (
    <bdi dir="ltr" className={className ? `loan-amount ${className}` : 'loan-amount'}>
      {formatAmount(value)}
      {currency ? ` ${currency}` : ''}
    </bdi>
  );
}
