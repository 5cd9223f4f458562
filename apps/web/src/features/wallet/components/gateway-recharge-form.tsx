/**
 * Payment-channel deposit: pick a local currency, enter the amount, see the USDT it will credit,
 * then pay on the gateway's page (`payUrl`); the gateway sends the payer back to the wallet.
 */
import { Button, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { errorText, showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useGatewayChannels, useGatewayRecharge } from '../api/wallet-api.ts';
import { checkDeposit, creditFor, formatAmount } from '../lib/amount.ts';
import { type FieldErrors, fieldErrorOf } from '../lib/field-errors.ts';
import { limitsText } from './chain-recharge-form.tsx';
import { RadioCards } from './radio-cards.tsx';

/** Only web pages: a payUrl is followed only when it is http(s). */
function safePayUrl(payUrl: string): string | undefined {
  try {
    const url = new URL(payUrl, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function GatewayRechargeForm() {
  const { t } = useTranslation('wallet');
  const channels = useGatewayChannels();
  const start = useGatewayRecharge();
  const [code, setCode] = useState<string | undefined>();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (channels.error) showError(channels.error);
  }, [channels.error]);

  if (channels.isPending) return <div className="wallet-form is-skeleton" aria-busy="true" />;
  if (!channels.data) {
    return (
      <div className="wallet-empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="wallet-text-button" onClick={() => void channels.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const list = channels.data;
  const channel = list.find((c) => c.code === code) ?? list[0];
  if (!channel) return <p className="wallet-empty">{t('recharge.gatewayClosed')}</p>;
  const bounds = { decimals: channel.decimals, min: channel.rechargeMin, max: channel.rechargeMax };
  const verdict = amount.trim() ? checkDeposit(amount, bounds) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDeposit(amount, bounds);
    if (!checked.ok) {
      setErrors({ amount: errorText(checked.key) });
      return;
    }
    setErrors({});
    start.mutate(
      { channel: channel.code, amount: amount.trim() },
      {
        onSuccess: (checkout) => {
          const target = safePayUrl(checkout.payUrl);
          if (!target) {
            notify(errorText('SYSTEM_BUSY'));
            return;
          }
          setLeaving(true);
          notify(t('recharge.openingGateway'), 'success');
          window.location.assign(target);
        },
        onError: (error) => {
          showError(error);
          setErrors(fieldErrorOf(error));
        },
      },
    );
  };

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate>
      <RadioCards
        legend={t('recharge.currency')}
        value={channel.code}
        onChange={(value) => {
          setCode(value);
          setErrors({});
        }}
        options={list.map((c) => ({
          value: c.code,
          title: <bdi dir="ltr">{c.coin}</bdi>,
          detail: (
            <bdi dir="ltr" className="wallet-nowrap">
              1 {c.coin} = {formatAmount(c.rate, 0)} USDT
            </bdi>
          ),
        }))}
      />
      <TextInput
        label={t('recharge.payAmount', { coin: channel.coin })}
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setErrors({});
        }}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        required
        rightSection={<span className="wallet-unit">{channel.coin}</span>}
        rightSectionWidth={64}
        description={limitsText(t, channel)}
        error={errors.amount}
        name="amount"
      />
      <p className="wallet-credit" aria-live="polite">
        {t('recharge.youReceive', {
          amount: ltr(`${formatAmount(verdict?.ok ? creditFor(verdict.units, channel.rate) : 0n)} USDT`),
        })}
      </p>
      <Button type="submit" size="md" loading={start.isPending || leaving} className="wallet-submit">
        {t('recharge.pay')}
      </Button>
    </form>
  );
}
