import type { OrderDto } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';
import { refundName, statusName } from '../lib/order-rules.ts';

/** The order's status in words (never colour alone), and its refund state when there is one. */
export function StatusBadge({ order }: { order: Pick<OrderDto, 'status' | 'refundStatus'> }) {
  const { t } = useTranslation('orders');
  const status = statusName(order.status);
  const refund = refundName(order.refundStatus);
  return (
    <span className="orders-badges">
      <span className="orders-status" data-status={status}>
        {t(`status.${status}`)}
      </span>
      {refund !== 'none' && !(refund === 'succeeded' && status === 'refunded') && (
        <span className="orders-refund" data-refund={refund}>
          {t(`refundStatus.${refund}`)}
        </span>
      )}
    </span>
  );
}
