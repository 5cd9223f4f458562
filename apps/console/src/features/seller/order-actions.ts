/**
 * What a seller may do to an order in its state, and the calls that do it; each asks first
 * (shipping and logistics through a form, refusing a refund with a reason).
 */
import { ORDER_STATUS, type OrderDto, REFUND_STATUS } from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import type { ApiCallOf } from '@mall/contract/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showDone, showError } from '../../lib/errors.ts';

type SellerOrderCall =
  | '/api/admin/orders/confirm'
  | '/api/admin/orders/ship'
  | '/api/admin/orders/logistics/add'
  | '/api/admin/orders/refund/approve'
  | '/api/admin/orders/refund/refuse';

export type OrderAction = 'confirm' | 'ship' | 'logistics' | 'refundApprove' | 'refundRefuse';

export function actionsFor(order: OrderDto): OrderAction[] {
  const out: OrderAction[] = [];
  if (order.refundStatus === REFUND_STATUS.refunding) out.push('refundApprove', 'refundRefuse');
  else if (order.status === ORDER_STATUS.paid) out.push('confirm');
  else if (order.status === ORDER_STATUS.stocking) out.push('ship');
  else if (order.status === ORDER_STATUS.shipped) out.push('logistics');
  return out;
}

export function useOrderActions(onDone?: (orderId: string) => void) {
  const { t } = useTranslation('console-seller');
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: (input: ApiCallOf<SellerOrderCall> & { done: string }) => api(input.path, input.body),
    // `logistics/add` answers the order's logistics, the others the order: refresh by the id sent.
    onSuccess: (_answer, input) => {
      showDone(input.done);
      void queryClient.invalidateQueries({ queryKey: ['seller-orders'] });
      void queryClient.invalidateQueries({ queryKey: ['seller-order', input.body.orderId] });
      onDone?.(input.body.orderId);
    },
    onError: showError,
  });

  const run = async (action: OrderAction, order: OrderDto) => {
    const serial = order.serialNo;
    const orderId = order.id;
    if (action === 'confirm') {
      const ok = await ask({ title: t('orders.confirmTitle', { serial }), body: t('orders.confirmBody') });
      if (ok)
        call.mutate({ path: '/api/admin/orders/confirm', body: { orderId }, done: t('orders.confirmed') });
    } else if (action === 'ship' || action === 'logistics') {
      const values = await ask({
        title: t(action === 'ship' ? 'orders.shipTitle' : 'orders.logisticsTitle', { serial }),
        fields: [
          { name: 'carrier', label: t('orders.carrier'), required: true },
          { name: 'trackingNo', label: t('orders.trackingNo'), required: true, ltr: true },
          {
            name: 'content',
            label: t('orders.logisticsNote'),
            required: action === 'logistics',
            multiline: true,
          },
          { name: 'location', label: t('orders.location') },
        ],
      });
      if (values)
        call.mutate({
          path: action === 'ship' ? '/api/admin/orders/ship' : '/api/admin/orders/logistics/add',
          body: { orderId, ...values } as ApiInput<'/api/admin/orders/logistics/add'>,
          done: t(action === 'ship' ? 'orders.shipped' : 'orders.logisticsAdded'),
        });
    } else if (action === 'refundApprove') {
      const values = await ask({
        title: t('orders.refundApproveTitle', { serial }),
        body: t('orders.refundApproveBody', { amount: order.returnAmount ?? order.paidAmount }),
        fields: [{ name: 'note', label: t('orders.note'), multiline: true }],
      });
      if (values)
        call.mutate({
          path: '/api/admin/orders/refund/approve',
          body: { orderId, note: values.note ?? '' },
          done: t('orders.refunded'),
        });
    } else {
      const values = await ask({
        title: t('orders.refundRefuseTitle', { serial }),
        danger: true,
        fields: [
          { name: 'note', label: t('common.reason', { ns: 'console' }), required: true, multiline: true },
        ],
      });
      if (values)
        call.mutate({
          path: '/api/admin/orders/refund/refuse',
          body: { orderId, note: values.note ?? '' },
          done: t('orders.refundRefused'),
        });
    }
  };
  return { run, pending: call.isPending };
}
