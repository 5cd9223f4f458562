/**
 * The buttons an order has in its state (lib/order-rules.ts): pay now, cancel with a reason, remind
 * the seller once, refund or return, confirm receipt after a confirmation, review, logistics and
 * buy again. Used on the order cards and on the order's own page.
 */
import type { OrderDto } from '@mall/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { setCartDrawerOpen } from '../../../lib/cart.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { showError } from '../../../lib/errors.ts';
import { useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useConfirmReceipt, useRemindSeller } from '../api/orders-api.ts';
import { buyAgain } from '../lib/buy-again.ts';
import { actionsFor, afterSalesKind, type OrderAction } from '../lib/order-rules.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { LogisticsDialog } from './logistics.tsx';
import { PayDialog } from './pay-dialog.tsx';

type Dialog = 'pay' | 'cancel' | 'logistics' | null;

/** The primary action of each state is filled; the rest are outlined. */
const PRIMARY: ReadonlySet<OrderAction> = new Set(['pay', 'receipt', 'review']);

export function OrderActions({
  order,
  now,
  hide = [],
}: {
  order: OrderDto;
  now: number;
  /** Actions the page shows elsewhere (the detail page has its own logistics section). */
  hide?: readonly OrderAction[];
}) {
  const { t } = useTranslation('orders');
  const navigate = useLangNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [buying, setBuying] = useState(false);
  const remind = useRemindSeller();
  const receipt = useConfirmReceipt();
  const actions = actionsFor(order, now).filter((a) => !hide.includes(a));
  if (actions.length === 0) return null;

  const run = async (action: OrderAction) => {
    switch (action) {
      case 'pay':
      case 'cancel':
      case 'logistics':
        setDialog(action);
        return;
      case 'remind':
        remind.mutate(order.id, {
          onSuccess: () => notify(t('actions.reminded'), 'success'),
          onError: showError,
        });
        return;
      case 'receipt': {
        const ok = await confirmAction({
          title: t('actions.receiptTitle'),
          body: t('actions.receiptBody'),
          confirmLabel: t('actions.receipt'),
        });
        if (!ok) return;
        receipt.mutate(order.id, {
          onSuccess: () => notify(t('actions.received'), 'success'),
          onError: showError,
        });
        return;
      }
      case 'refund':
      case 'return':
        navigate(`/userInfo/order-return?orderId=${encodeURIComponent(order.id)}`);
        return;
      case 'review':
        navigate(`/userInfo/order-evaluation?orderId=${encodeURIComponent(order.id)}`);
        return;
      case 'buyAgain': {
        setBuying(true);
        try {
          const result = await buyAgain(order);
          if (result.added + result.already > 0) {
            notify(t('actions.boughtAgain', { count: result.added + result.already }), 'success');
            setCartDrawerOpen(true);
          }
          if (result.unavailable > 0) notify(t('actions.unavailable', { count: result.unavailable }));
        } finally {
          setBuying(false);
        }
        return;
      }
    }
  };

  const label = (action: OrderAction) =>
    action === 'refund' || action === 'return'
      ? t(`actions.${afterSalesKind(order)}`)
      : t(`actions.${action}`);
  const loading = (action: OrderAction) =>
    (action === 'remind' && remind.isPending) ||
    (action === 'receipt' && receipt.isPending) ||
    (action === 'buyAgain' && buying);

  return (
    <div className="orders-actions">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          radius="xl"
          variant={PRIMARY.has(action) ? 'filled' : 'default'}
          color={action === 'cancel' ? 'gray' : undefined}
          loading={loading(action)}
          onClick={() => void run(action)}
        >
          {label(action)}
        </Button>
      ))}
      {dialog === 'pay' && (
        <PayDialog
          orders={[order]}
          opened
          onClose={() => setDialog(null)}
          onPaid={(paid) => {
            setDialog(null);
            navigate(`/paySuccess?orders=${paid.map((o) => o.id).join(',')}`);
          }}
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          order={order}
          opened
          onClose={() => setDialog(null)}
          onCancelled={() => {
            setDialog(null);
            notify(t('cancel.done'), 'success');
          }}
        />
      )}
      {dialog === 'logistics' && (
        <LogisticsDialog
          orderId={order.id}
          serialNo={order.serialNo}
          opened
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
