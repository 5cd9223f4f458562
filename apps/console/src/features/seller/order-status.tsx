import { type OrderDto, REFUND_STATUS } from '@mall/contract';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ORDER_STATUS_COLORS } from '../../lib/order-status-colors.ts';

/** An order's status, and its after-sales state when there is one. */
export function OrderStatus({ order }: { order: OrderDto }) {
  const { t } = useTranslation('console-seller');
  return (
    <Group gap={4} wrap="nowrap">
      <StatusBadge
        status={String(order.status)}
        label={t(`orders.status.${order.status}`)}
        color={ORDER_STATUS_COLORS[order.status]}
      />
      {order.refundStatus !== REFUND_STATUS.none && (
        <StatusBadge
          status={`refund-${order.refundStatus}`}
          label={t(`orders.refund.${order.refundStatus}`)}
          color={order.refundStatus === REFUND_STATUS.refunding ? 'orange' : 'gray'}
        />
      )}
    </Group>
  );
}
