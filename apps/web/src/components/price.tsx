import { withCurrency } from '../lib/currency.ts';
import { formatPrice } from '../lib/format.ts';

/** A price in the brand's currency style, always left to right (it reads the same in Arabic). */
export function Price({ value, className }: { value: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className ? `price ${className}` : 'price'}>
      {withCurrency(formatPrice(value))}
    </bdi>
  );
}
