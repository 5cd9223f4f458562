/**
 * Binding the one withdrawal address (SPEC §5: only one can be bound): network, address and the
 * fund password, with a confirmation first because the binding is permanent.
 */
import type { ChainNetwork } from '@mall/contract';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { confirmAction } from '../../../lib/confirm.ts';
import { errorText, showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useBindAddress } from '../api/wallet-api.ts';
import { addressShapeValid, fundPasswordShapeValid, shorten } from '../lib/amount.ts';
import { type FieldErrors, fieldErrorOf } from '../lib/field-errors.ts';
import { RadioCards } from './radio-cards.tsx';

const NETWORKS: ChainNetwork[] = ['TRC20', 'ERC20', 'BTC'];

export function BindAddressForm() {
  const { t } = useTranslation('wallet');
  const bind = useBindAddress();
  const [network, setNetwork] = useState<ChainNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const trimmed = address.trim();
    if (!trimmed) next.address = t('withdraw.addressRequired');
    else if (!addressShapeValid(network, trimmed)) next.address = errorText('WITHDRAW_ADDRESS_FORMAT');
    if (!fundPassword) next.fundPassword = t('withdraw.fundPasswordRequired');
    else if (!fundPasswordShapeValid(fundPassword)) next.fundPassword = errorText('FUND_PASSWORD_FORMAT');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const ok = await confirmAction({
      title: t('withdraw.confirmBindTitle'),
      // The address isolated left to right (LRI … PDI): the dialog's body is plain text.
      body: t('withdraw.confirmBindBody', { network, address: `\u2066${shorten(trimmed, 12, 10)}\u2069` }),
      confirmLabel: t('withdraw.confirmBind'),
      danger: true,
    });
    if (!ok) return;
    bind.mutate(
      { network, address: trimmed, fundPassword },
      {
        onSuccess: () => notify(t('withdraw.bound'), 'success'),
        onError: (error) => {
          showError(error);
          setErrors(fieldErrorOf(error));
          setFundPassword('');
        },
      },
    );
  };

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate aria-labelledby="wallet-bind-title">
      <h2 id="wallet-bind-title">{t('withdraw.bindTitle')}</h2>
      <p className="wallet-warning">{t('withdraw.bindOnce')}</p>
      <RadioCards
        legend={t('withdraw.network')}
        value={network}
        onChange={(value) => {
          setNetwork(value as ChainNetwork);
          setErrors((e) => ({ ...e, address: undefined }));
        }}
        compact
        options={NETWORKS.map((n) => ({ value: n, title: <bdi dir="ltr">{n}</bdi> }))}
      />
      <TextInput
        label={t('withdraw.address')}
        value={address}
        onChange={(event) => {
          setAddress(event.currentTarget.value);
          setErrors((e) => ({ ...e, address: undefined }));
        }}
        placeholder={t(`withdraw.addressPlaceholder.${network}`)}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        required
        error={errors.address}
        name="address"
      />
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
      <Button type="submit" size="md" loading={bind.isPending} className="wallet-submit">
        {t('withdraw.bind')}
      </Button>
    </form>
  );
}
