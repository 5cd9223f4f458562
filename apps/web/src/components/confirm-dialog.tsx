import { Button, Modal } from '@mantine/core';
import { useRef } from 'react';
import { type ConfirmOptions, settleConfirm, usePendingConfirm } from '../lib/confirm.ts';
import { useTranslation } from '../lib/translator/react.ts';

export default function ConfirmDialog() {
  const { t } = useTranslation();
  const pending = usePendingConfirm();
  // Keep the last request's text while the dialog animates closed.
  const shown = useRef<ConfirmOptions | null>(null);
  if (pending) shown.current = pending;
  const request = shown.current;
  return (
    <Modal
      opened={pending !== null}
      onClose={() => settleConfirm(false)}
      title={request?.title}
      centered
      // Mounted already open the first time, Mantine would not know the opener: lib/confirm.ts
      // returns focus.
      returnFocus={false}
    >
      <p>{request?.body}</p>
      <div className="dialog-actions">
        <Button variant="default" onClick={() => settleConfirm(false)}>
          {t('common.cancel')}
        </Button>
        <Button
          color={request?.danger ? 'red' : undefined}
          onClick={() => settleConfirm(true)}
          data-autofocus
        >
          {request?.confirmLabel ?? t('common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
