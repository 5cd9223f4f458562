/** Cancelling a pending order: one of the five reasons (SPEC §9, required) and, for "other", a few words. */
import type { OrderDto } from '@mall/contract';
import { Button, Modal, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useCancelOrder } from '../api/orders-api.ts';
import { CANCEL_REASONS } from '../lib/order-rules.ts';

export function CancelDialog({
  order,
  opened,
  onClose,
  onCancelled,
}: {
  order: OrderDto;
  opened: boolean;
  onClose(): void;
  onCancelled(order: OrderDto): void;
}) {
  useReturnFocus();
  const { t } = useTranslation('orders');
  const name = useId();
  const [reason, setReason] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const cancel = useCancelOrder();

  const close = () => {
    if (cancel.isPending) return;
    setProblem(undefined);
    onClose();
  };

  const submit = () => {
    if (reason === undefined) {
      setProblem(t('cancel.reasonRequired'));
      return;
    }
    setProblem(undefined);
    cancel.mutate(
      { orderId: order.id, reason, text: text.trim() },
      {
        onSuccess: (after) => onCancelled(after),
        onError: (error) => setProblem(failureText(error)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('cancel.title')} centered>
      <form
        className="orders-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="orders-small">
          {t('cancel.body')}{' '}
          <bdi dir="ltr" className="orders-serial">
            {order.serialNo}
          </bdi>
        </p>
        <fieldset className="orders-reasons" aria-describedby={problem ? `${name}-problem` : undefined}>
          <legend>
            {t('cancel.reason')}{' '}
            <span className="orders-required" aria-hidden="true">
              *
            </span>
          </legend>
          {CANCEL_REASONS.map((key, code) => (
            <label key={key} className="orders-reason">
              <input
                type="radio"
                name={name}
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
              />
              <span>{t(`cancelReasons.${key}`)}</span>
            </label>
          ))}
        </fieldset>
        {reason === CANCEL_REASONS.length - 1 && (
          <Textarea
            label={t('cancel.text')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value.slice(0, 200))}
            autosize
            minRows={2}
            maxRows={4}
          />
        )}
        {problem && (
          <p className="orders-error" role="alert" id={`${name}-problem`}>
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            {t('cancel.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
