import { formatPrice } from '../lib/format.ts';

/** A price, always left to right (so "$1,234.50" reads the same in Arabic). */
export function Price({ value, className }: { value: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className ? `price ${className}` : 'price'}>
      ${formatPrice(value)}
    </bdi>
  );
}
