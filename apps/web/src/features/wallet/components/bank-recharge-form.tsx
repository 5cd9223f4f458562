/** Bank-card deposit: the bank and card the money came from, the amount and a proof image. */
import type { WalletRecordDto } from '@mall/contract';
import { Button, TextInput } from '@mantine/core';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { errorText, showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useBankChannels, useBankRecharge } from '../api/wallet-api.ts';
import { cardNumberValid, checkDeposit } from '../lib/amount.ts';
import { type FieldErrors, fieldErrorOf } from '../lib/field-errors.ts';
import { BankReceivingAccounts } from './bank-receiving-accounts.tsx';
import { limitsText } from './chain-recharge-form.tsx';
import { ProofUpload } from './proof-upload.tsx';

export function BankRechargeForm({ onSubmitted }: { onSubmitted(record: WalletRecordDto): void }) {
  const { t } = useTranslation('wallet');
  const channels = useBankChannels();
  const submit = useBankRecharge();
  const [bankName, setBankName] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

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
  const channel = channels.data[0];
  if (!channel) return <p className="wallet-empty">{t('recharge.bankClosed')}</p>;
  const bounds = { decimals: channel.decimals, min: channel.rechargeMin, max: channel.rechargeMax };

  const clearError = (field: keyof FieldErrors) => setErrors((e) => ({ ...e, [field]: undefined }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) {
      notify(errorText('PHOTOS_UPLOADING'));
      return;
    }
    const next: FieldErrors = {};
    const name = bankName.trim();
    if (!name || name.length > 64) next.bankName = errorText('BANK_NAME_REQUIRED');
    if (!cardNumberValid(cardNumber)) next.cardNumber = errorText('CARD_NUMBER_FORMAT');
    const checked = checkDeposit(amount, bounds);
    if (!checked.ok) next.amount = errorText(checked.key);
    if (!proof) next.proof = t('proof.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    submit.mutate(
      { channel: channel.code, amount: amount.trim(), bankName: name, cardNumber, proof: proof ?? '' },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          showError(error);
          setErrors(fieldErrorOf(error));
        },
      },
    );
  };

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate>
      {/* Its texts load on their own: suspending here must not remount the method radios (focus). */}
      <Suspense fallback={null}>
        <BankReceivingAccounts />
      </Suspense>
      <p className="wallet-note">{t('recharge.bankIntro')}</p>
      <TextInput
        label={t('recharge.bankName')}
        value={bankName}
        onChange={(event) => {
          setBankName(event.currentTarget.value);
          clearError('bankName');
        }}
        maxLength={64}
        autoComplete="off"
        required
        error={errors.bankName}
        name="bankName"
      />
      <TextInput
        label={t('recharge.cardNumber')}
        value={cardNumber}
        onChange={(event) => {
          setCardNumber(event.currentTarget.value);
          clearError('cardNumber');
        }}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        dir="ltr"
        required
        description={t('recharge.cardHint')}
        error={errors.cardNumber}
        name="cardNumber"
      />
      <TextInput
        label={t('recharge.amount', { coin: channel.coin })}
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          clearError('amount');
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
      <ProofUpload
        onChange={(url) => {
          setProof(url);
          if (url) clearError('proof');
        }}
        onUploadingChange={setUploading}
        error={errors.proof}
      />
      <Button
        type="submit"
        size="md"
        loading={submit.isPending}
        disabled={uploading}
        className="wallet-submit"
      >
        {uploading ? t('proof.waitUpload') : t('recharge.submit')}
      </Button>
    </form>
  );
}
