/**
 * Paying pending orders: the amount the server computed, the deadline after which the orders
 * cancel themselves, the method (wallet balance with the fund password; card and PayPal go to
 * their provider, which this mall may not have opened: the server says so and it is shown), then
 * `/api/pay/order`. A gateway's page replaces this one when the server answers with one.
 */
import type { OrderDto, PayMethod } from '@mall/contract';
import { Button, Modal, PasswordInput } from '@mantine/core';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/errors.ts';
import { moneyUnits, unitsText } from '../../../lib/money-text.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { useBalance, useFundPasswordSet, usePayOrders, useSetFirstFundPassword } from '../api/orders-api.ts';
import { wireMs } from '../lib/order-rules.ts';
import { countdown, useNow } from '../lib/use-now.ts';
import { draftProblem, EMPTY_DRAFT, FundPasswordSetup } from './fund-password-setup.tsx';
import { Money } from './money.tsx';
import { PayMethodPicker } from './pay-method-picker.tsx';

export function PayDialog({
  orders,
  total,
  opened,
  onClose,
  onPaid,
  method: chosenMethod,
}: {
  orders: readonly OrderDto[];
  /** The server's total for these orders (submit's `total`); else the sum of the orders' totals. */
  total?: string;
  opened: boolean;
  onClose(): void;
  onPaid(orders: OrderDto[]): void;
  /** The method picked on the page (checkout); absent lets the buyer pick it here. */
  method?: PayMethod;
}) {
  useReturnFocus();
  const { t } = useTranslation('orders');
  const id = useId();
  const [method, setMethod] = useState<PayMethod>(chosenMethod ?? 'balance');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const pay = usePayOrders();
  const balance = useBalance(opened);
  const fundSet = useFundPasswordSet(opened);
  const setFirst = useSetFirstFundPassword();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  // No fund password yet (or the server just said so): set one here, then pay with it.
  const [needsSetup, setNeedsSetup] = useState(false);
  const settingUp = method === 'balance' && (needsSetup || fundSet.data === false);
  const busy = pay.isPending || setFirst.isPending;
  const now = useNow(1000, opened);

  const payable = total ?? sumTotals(orders);
  const deadline = orders
    .map((o) => o.payDeadline)
    .filter((d): d is string => Boolean(d))
    .sort()[0];
  const deadlineMs = wireMs(deadline);
  const available = balance.data ? moneyUnits(balance.data.available) : undefined;
  const short = method === 'balance' && available !== undefined && available < (moneyUnits(payable) ?? 0n);

  const close = () => {
    if (busy) return;
    setPassword('');
    setDraft(EMPTY_DRAFT);
    setProblem(undefined);
    onClose();
  };

  const submit = () => {
    setProblem(undefined);
    if (settingUp) {
      const wrong = draftProblem(draft);
      if (wrong) {
        setProblem(t(wrong));
        return;
      }
      setFirst.mutate(
        { safeword: draft.pin, reSafeword: draft.pinAgain, password: draft.loginPassword },
        {
          onSuccess: () => {
            setNeedsSetup(false);
            setDraft(EMPTY_DRAFT);
            payWith(draft.pin);
          },
          onError: (error) => {
            setDraft({ ...draft, loginPassword: '' });
            setProblem(failureText(error));
          },
        },
      );
      return;
    }
    if (method === 'balance' && !/^\d{6}$/.test(password)) {
      setProblem(t('pay.passwordShape'));
      return;
    }
    payWith(password);
  };

  const payWith = (fundPassword: string) => {
    pay.mutate(
      {
        orderIds: orders.map((o) => o.id),
        payMethod: method,
        ...(method === 'balance' ? { fundPassword } : {}),
      },
      {
        onSuccess: (reply) => {
          setPassword('');
          if (reply.payUrl) {
            window.location.assign(reply.payUrl);
            return;
          }
          onPaid(reply.orders);
        },
        onError: (error) => {
          setPassword('');
          if (error instanceof ApiError && error.key === 'FUND_PASSWORD_NOT_SET') setNeedsSetup(true);
          setProblem(failureText(error));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('pay.title')} centered size="md">
      <form
        className="orders-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="orders-pay-amount">
          <span>{t('pay.amount')}</span>
          <Money value={payable} strong className="orders-pay-total" />
        </div>
        {orders.length > 1 && (
          <p className="muted orders-small">{t('pay.ordersCount', { count: orders.length })}</p>
        )}
        {deadline && deadlineMs !== undefined && (
          <p className="orders-deadline">
            {t('pay.deadline', { time: toLocalTime(deadline) })}{' '}
            <bdi dir="ltr" className="orders-countdown">
              {countdown(deadlineMs, now)}
            </bdi>
          </p>
        )}
        {!chosenMethod && <PayMethodPicker value={method} onChange={setMethod} />}
        {method === 'balance' && (
          <>
            <p className="orders-small">
              {t('pay.available')}{' '}
              {balance.isPending ? (
                <span className="muted">{t('common.loading')}</span>
              ) : balance.data ? (
                <Money value={balance.data.available} />
              ) : (
                <span className="muted">-</span>
              )}
            </p>
            {short && (
              <p className="orders-warning">
                {t('pay.short')} <LangLink to="/userInfo/money-package/recharge">{t('pay.deposit')}</LangLink>
              </p>
            )}
            {settingUp ? (
              <FundPasswordSetup draft={draft} onChange={setDraft} />
            ) : (
              <PasswordInput
                label={t('pay.fundPassword')}
                description={t('pay.fundPasswordHint')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                data-autofocus
                dir="ltr"
                id={`${id}-password`}
                visibilityToggleButtonProps={{ 'aria-label': t('pay.showPassword') }}
              />
            )}
          </>
        )}
        {method !== 'balance' && <p className="muted orders-small">{t(`pay.methodNote.${method}`)}</p>}
        {problem && (
          <p className="orders-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {settingUp ? t('pay.setup.submit') : t('pay.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function sumTotals(orders: readonly OrderDto[]): string {
  return unitsText(orders.reduce((s, o) => s + (moneyUnits(o.total) ?? 0n), 0n));
}
