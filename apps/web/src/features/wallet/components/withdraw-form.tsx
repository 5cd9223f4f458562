/**
 * The withdrawal form, once an address is bound: a channel on the bound network, the amount with
 * the fee and the amount actually paid out from the server as the user types (debounced), open
 * hours and today's count, and the fund password. Submitting fetches a fresh one-time form token
 * first (useWithdraw).
 */
import type { WalletRecordDto, WithdrawOpenDto } from '@mall/contract';
import { Button, NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { errorText, showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useWithdraw, useWithdrawFee } from '../api/wallet-api.ts';
import {
  checkWithdraw,
  formatAmount,
  fundPasswordShapeValid,
  parseAmountInput,
  toUnits,
  unitsToText,
  withdrawFee,
} from '../lib/amount.ts';
import { type FieldErrors, fieldErrorOf } from '../lib/field-errors.ts';
import { Amount } from './amount.tsx';
import { channelLabel } from './chain-recharge-form.tsx';

const FEE_DEBOUNCE_MS = 400;

export function WithdrawForm({
  open,
  onDone,
}: {
  open: WithdrawOpenDto;
  onDone(record: WalletRecordDto): void;
}) {
  const { t } = useTranslation('wallet');
  const withdraw = useWithdraw();
  const bound = open.boundAddress;
  const channels = open.channels.filter((c) => c.network === bound?.network);
  const [code, setCode] = useState<string | undefined>();
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const channel = channels.find((c) => c.code === code) ?? channels[0];

  const [settled] = useDebouncedValue(amount.trim(), FEE_DEBOUNCE_MS);
  const feeAmount = parseAmountInput(settled, 10).ok ? settled : undefined;
  const fee = useWithdrawFee(channel?.code, feeAmount);

  if (!bound) return null;
  if (!channel) {
    return <p className="wallet-empty">{t('withdraw.noChannel', { network: bound.network })}</p>;
  }

  const bounds = {
    min: channel.withdrawMin,
    max: channel.withdrawMax,
    feeFixed: channel.withdrawFeeFixed,
    feeRateBp: channel.withdrawFeeRateBp,
    available: open.wallet.available,
  };
  const countLeft = open.dailyCount - open.usedToday;
  // The amount as typed now; the server's figures count only while they answer this very amount
  // (the debounce and the request lag behind typing). Meanwhile the same formula runs here.
  const typed = parseAmountInput(amount, 10);
  const feeShown =
    typed.ok && fee.data && fee.data.channel === channel.code && toUnits(fee.data.amount) === typed.units
      ? fee.data
      : undefined;
  const localFee = typed.ok
    ? withdrawFee(typed.units, channel.withdrawFeeFixed, channel.withdrawFeeRateBp)
    : undefined;
  const localActual =
    typed.ok && localFee !== undefined ? (typed.units > localFee ? typed.units - localFee : 0n) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const checked = checkWithdraw(amount, bounds);
    if (!checked.ok) next.amount = errorText(checked.key);
    if (!fundPassword) next.fundPassword = t('withdraw.fundPasswordRequired');
    else if (!fundPasswordShapeValid(fundPassword)) next.fundPassword = errorText('FUND_PASSWORD_FORMAT');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (!open.open) {
      notify(errorText('WITHDRAW_OUTSIDE_TIME'));
      return;
    }
    if (countLeft <= 0) {
      notify(errorText('WITHDRAW_DAILY_COUNT'));
      return;
    }
    withdraw.mutate(
      { channel: channel.code, amount: amount.trim(), fundPassword },
      {
        onSuccess: (record) => {
          notify(t('withdraw.submitted'), 'success');
          setAmount('');
          setFundPassword('');
          onDone(record);
        },
        onError: (error) => {
          showError(error);
          setErrors(fieldErrorOf(error));
          setFundPassword('');
        },
      },
    );
  };

  /** "All": the whole available balance, within the channel's maximum. */
  const fillAll = () => {
    const available = toUnits(open.wallet.available);
    const max = toUnits(channel.withdrawMax);
    setAmount(unitsToText(available < max ? available : max));
    setErrors((e) => ({ ...e, amount: undefined }));
  };

  const feeRule =
    channel.withdrawFeeRateBp > 0
      ? t('withdraw.feeRuleRate', {
          fee: ltr(`${formatAmount(channel.withdrawFeeFixed)} USDT`),
          percent: ltr(`${channel.withdrawFeeRateBp / 100}%`),
        })
      : t('withdraw.feeRule', { fee: ltr(`${formatAmount(channel.withdrawFeeFixed)} USDT`) });

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate aria-labelledby="wallet-withdraw-title">
      <h2 id="wallet-withdraw-title">{t('withdraw.formTitle')}</h2>
      <ul className="wallet-facts">
        <li>
          {t('withdraw.hours', { hours: ltr(`${open.openTime}–${open.closeTime}`) })}
          {!open.open && <strong className="wallet-closed"> {t('withdraw.closedNow')}</strong>}
        </li>
        <li>{t('withdraw.today', { used: open.usedToday, count: open.dailyCount })}</li>
      </ul>
      {channels.length > 1 ? (
        <NativeSelect
          label={t('withdraw.channel')}
          value={channel.code}
          onChange={(event) => setCode(event.currentTarget.value)}
          data={channels.map((c) => ({ value: c.code, label: channelLabel(c) }))}
        />
      ) : (
        <div className="wallet-static-field">
          <span className="wallet-label">{t('withdraw.channel')}</span>
          <bdi dir="ltr">{channelLabel(channel)}</bdi>
        </div>
      )}
      <TextInput
        label={t('withdraw.amount')}
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        required
        rightSection={
          <button type="button" className="wallet-all" onClick={fillAll}>
            {t('withdraw.all')}
          </button>
        }
        rightSectionWidth={72}
        rightSectionPointerEvents="all"
        description={
          <>
            {t('withdraw.available')} <Amount value={open.wallet.available} currency="USDT" /> ·{' '}
            {t('withdraw.limits', {
              min: ltr(`${formatAmount(channel.withdrawMin)} USDT`),
              max: ltr(`${formatAmount(channel.withdrawMax)} USDT`),
            })}
          </>
        }
        error={errors.amount}
        name="amount"
      />
      <dl className="wallet-summary" aria-live="polite" aria-busy={fee.isFetching || undefined}>
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd>
            {feeShown || localFee !== undefined ? (
              <Amount value={feeShown?.fee ?? localFee} currency="USDT" />
            ) : (
              <span className="muted">—</span>
            )}
            <span className="muted wallet-fee-rule">{feeRule}</span>
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.actual')}</dt>
          <dd>
            {feeShown || localActual !== undefined ? (
              <Amount
                className="wallet-actual"
                value={feeShown?.actualAmount ?? localActual}
                currency="USDT"
              />
            ) : (
              <span className="muted">—</span>
            )}
          </dd>
        </div>
      </dl>
      <PasswordInput
        label={t('withdraw.fundPassword')}
        value={fundPassword}
        onChange={(event) => {
          setFundPassword(event.currentTarget.value);
          setErrors((e) => ({ ...e, fundPassword: undefined }));
        }}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        dir="ltr"
        required
        description={t('withdraw.fundPasswordHint')}
        error={errors.fundPassword}
        name="fundPassword"
        visibilityToggleButtonProps={{ 'aria-label': t('withdraw.showPassword') }}
      />
      <Button type="submit" size="md" loading={withdraw.isPending} className="wallet-submit">
        {t('withdraw.submit')}
      </Button>
    </form>
  );
}
