/**
 * A watched network's deposit (issue 29): the user's own address with its QR code and network; the
 * chain is watched, so there is nothing to claim: the deposit shows up in the records below as
 * "confirming n/N" and is credited by itself.
 */
import type { WalletChannelDto } from '@mall/contract';
import { useEffect } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { showError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useOwnDepositAddress } from '../api/chain-api.ts';
import { formatAmount } from '../lib/amount.ts';
import { CopyButton } from './copy-button.tsx';
import { QrCode } from './qr-code.tsx';
import '../chain.css';

export function WatchedDeposit({ channel }: { channel: WalletChannelDto }) {
  const { t } = useTranslation(['wallet', 'chain']);
  const info = useOwnDepositAddress(channel.code);
  useEffect(() => {
    if (info.error) showError(info.error);
  }, [info.error]);
  if (info.isPending) return <div className="wallet-address-box is-skeleton" aria-busy="true" />;
  if (!info.data) {
    return (
      <div className="wallet-address-box wallet-empty">
        <p>{t('wallet:common.loadFailed')}</p>
        <button type="button" className="wallet-text-button" onClick={() => void info.refetch()}>
          {t('wallet:common.retry')}
        </button>
      </div>
    );
  }
  const { address, qrText, network, coin, confirmations, min } = info.data;
  return (
    <div className="wallet-watched">
      <p className="wallet-rail-badge is-automatic">{t('chain:watched.badge')}</p>
      <div className="wallet-address-box">
        <QrCode text={qrText} label={t('wallet:recharge.qrLabel', { coin, network })} />
        <div className="wallet-address-text">
          <span className="wallet-label">{t('chain:watched.title', { coin, network })}</span>
          <bdi dir="ltr" className="wallet-code wallet-address" data-testid="own-deposit-address">
            {address}
          </bdi>
          <CopyButton text={address} label={t('wallet:copy.copyAddress')} />
          <p className="wallet-warning">{t('wallet:recharge.addressWarning', { coin, network })}</p>
        </div>
      </div>
      <p className="muted">{t('chain:watched.hint', { confirmations })}</p>
      <p className="muted">{t('chain:watched.min', { min: ltr(`${formatAmount(min)} ${coin}`) })}</p>
    </div>
  );
}
