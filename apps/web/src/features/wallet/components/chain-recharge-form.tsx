/**
 * Blockchain deposit: pick the network, send to the platform's address (QR code and copy button),
 * then claim it with the amount, the transaction hash and a proof image. Finance reviews the claim.
 */
import type { WalletChannelDto, WalletRecordDto } from '@mall/contract';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { errorText, showError } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import type { TFunction } from '../../../lib/translator/translator.ts';
import { useChainNetworks } from '../api/chain-api.ts';
import { useChainOpen, useChainRecharge, useDepositInfo } from '../api/wallet-api.ts';
import { checkDeposit, creditFor, formatAmount, txHashValid } from '../lib/amount.ts';
import { type FieldErrors, fieldErrorOf } from '../lib/field-errors.ts';
import { CopyButton } from './copy-button.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { QrCode } from './qr-code.tsx';
import { WatchedDeposit } from './watched-deposit.tsx';
import '../chain.css';

export function channelLabel(c: WalletChannelDto): string {
  return c.network && c.network !== c.coin ? `${c.coin} · ${c.network}` : c.coin;
}

/** "1 BTC = 60,000.00 USDT", isolated for sentences. */
export function rateText(c: WalletChannelDto): string {
  return ltr(`1 ${c.coin} = ${formatAmount(c.rate)} USDT`);
}

/** The channel's deposit limits and decimals, as the amount field's description. */
export function limitsText(t: TFunction<'wallet'>, c: WalletChannelDto): string {
  return t('recharge.limits', {
    min: ltr(`${formatAmount(c.rechargeMin)} ${c.coin}`),
    max: ltr(`${formatAmount(c.rechargeMax)} ${c.coin}`),
    decimals: c.decimals,
  });
}

function DepositAddress({ channel }: { channel: WalletChannelDto }) {
  const { t } = useTranslation('wallet');
  const info = useDepositInfo(channel.code);
  useEffect(() => {
    if (info.error) showError(info.error);
  }, [info.error]);
  if (info.isPending) return <div className="wallet-address-box is-skeleton" aria-busy="true" />;
  if (!info.data) {
    return (
      <div className="wallet-address-box wallet-empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="wallet-text-button" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { address, qrText, network, coin } = info.data;
  return (
    <div className="wallet-address-box">
      <QrCode text={qrText} label={t('recharge.qrLabel', { coin, network })} />
      <div className="wallet-address-text">
        <span className="wallet-label">{t('recharge.address', { coin, network })}</span>
        <bdi dir="ltr" className="wallet-code wallet-address" data-testid="deposit-address">
          {address}
        </bdi>
        <CopyButton text={address} label={t('copy.copyAddress')} />
        <p className="wallet-warning">{t('recharge.addressWarning', { coin, network })}</p>
      </div>
    </div>
  );
}

export function ChainRechargeForm({ onSubmitted }: { onSubmitted(record: WalletRecordDto): void }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation('chain');
  const open = useChainOpen();
  const networks = useChainNetworks();
  const submit = useChainRecharge();
  const [code, setCode] = useState<string | undefined>();
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [proof, setProof] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (open.error) showError(open.error);
  }, [open.error]);

  const channels = open.data?.channels ?? [];
  const channel = channels.find((c) => c.code === code) ?? channels[0];

  if (open.isPending) return <div className="wallet-form is-skeleton" aria-busy="true" />;
  if (!open.data) {
    return (
      <div className="wallet-empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="wallet-text-button" onClick={() => void open.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!open.data.open || !channel) return <p className="wallet-empty">{t('recharge.chainClosed')}</p>;

  const network = channel.network ?? 'TRC20';
  const networkSelect = (
    <NativeSelect
      label={t('recharge.network')}
      value={channel.code}
      onChange={(event) => {
        setCode(event.currentTarget.value);
        setErrors({});
      }}
      data={channels.map((c) => ({ value: c.code, label: channelLabel(c) }))}
    />
  );
  // A watched network: the user's own address, nothing to claim (issue 29).
  if (networks.data?.watched.includes(network)) {
    return (
      <div className="wallet-form">
        {networkSelect}
        <WatchedDeposit channel={channel} />
      </div>
    );
  }
  const bounds = { decimals: channel.decimals, min: channel.rechargeMin, max: channel.rechargeMax };
  const verdict = amount.trim() ? checkDeposit(amount, bounds) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) {
      notify(errorText('PHOTOS_UPLOADING'));
      return;
    }
    const next: FieldErrors = {};
    const checked = checkDeposit(amount, bounds);
    if (!checked.ok) next.amount = errorText(checked.key);
    if (!txHash.trim()) next.txHash = t('recharge.txHashRequired');
    else if (!txHashValid(network, txHash)) next.txHash = errorText('TX_HASH_FORMAT');
    if (!proof) next.proof = t('proof.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    submit.mutate(
      { channel: channel.code, amount: amount.trim(), txHash: txHash.trim(), proof: proof ?? '' },
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
      {networkSelect}
      <p className="wallet-rail-badge is-manual">{tc('manual.badge')}</p>
      <p className="muted">{tc('manual.hint')}</p>
      <DepositAddress channel={channel} />
      <TextInput
        label={t('recharge.amount', { coin: channel.coin })}
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setErrors((e) => ({ ...e, amount: undefined }));
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
      {channel.rate !== '1' && (
        <p className="wallet-credit muted" aria-live="polite">
          {t('recharge.rate', { rate: rateText(channel) })}
          {verdict?.ok &&
            ` · ${t('recharge.willCredit', { amount: ltr(`${formatAmount(creditFor(verdict.units, channel.rate))} USDT`) })}`}
        </p>
      )}
      <TextInput
        label={t('recharge.txHash')}
        value={txHash}
        onChange={(event) => {
          setTxHash(event.currentTarget.value);
          setErrors((e) => ({ ...e, txHash: undefined }));
        }}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        required
        description={network === 'ERC20' ? t('recharge.txHashHintErc20') : t('recharge.txHashHint')}
        error={errors.txHash}
        name="txHash"
      />
      <ProofUpload
        onChange={(url) => {
          setProof(url);
          if (url) setErrors((e) => ({ ...e, proof: undefined }));
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
