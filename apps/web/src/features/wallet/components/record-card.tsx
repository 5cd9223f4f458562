/**
 * One wallet record (SPEC §3): type, serial number, local time, amount and currency, fee, actual
 * amount, status, network, address or bank and card, tx hash, proof, rate, remark, balance after.
 * Fields a record does not have are left out rather than shown empty.
 */
import type { WalletRecordDto } from '@mall/contract';
import type { ReactNode } from 'react';
import { isolate } from '../../../lib/bidi.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { paymentDifference, shorten } from '../lib/amount.ts';
import { Amount } from './amount.tsx';
import { CopyButton } from './copy-button.tsx';
import { ProofThumb } from './proof-thumb.tsx';
import { StatusChip } from './status-chip.tsx';
import '../chain.css';

function kindOf(record: WalletRecordDto): 'chain' | 'gateway' | 'bank' | 'withdraw' {
  if (record.type === 'withdraw' || record.type === 'bank') return record.type;
  return record.network ? 'chain' : 'gateway';
}

function Field({
  label,
  children,
  wide,
  widePhone,
}: {
  label: string;
  children: ReactNode;
  /** Two columns: addresses, hashes, remarks. */
  wide?: boolean;
  /** Two columns on a phone only (the serial number). */
  widePhone?: boolean;
}) {
  const className = `wallet-field${wide ? ' is-wide' : ''}${widePhone ? ' is-wide-phone' : ''}`;
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function RecordCard({ record, highlight }: { record: WalletRecordDto; highlight?: boolean }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation('chain');
  const kind = kindOf(record);
  const difference = paymentDifference(record);
  // A withdrawal shows what it pays out while under review; a rejected one paid nothing.
  const settled =
    record.status === 'success' || (record.type === 'withdraw' && record.status === 'processing');
  return (
    <article
      className={highlight ? 'wallet-record is-new' : 'wallet-record'}
      data-status={record.status}
      aria-label={`${t(`record.type.${kind}`)} ${record.serialNo}`}
    >
      <header className="wallet-record-head">
        <div className="wallet-record-title">
          <strong>{t(`record.type.${kind}`)}</strong>
          <time className="muted" dateTime={`${record.time.replace(' ', 'T')}+08:00`}>
            <bdi dir="ltr">{toLocalTime(record.time)}</bdi>
          </time>
        </div>
        <Amount className="wallet-record-amount" value={record.amount} currency={record.currency} />
        <StatusChip status={record.status} />
      </header>
      {record.status === 'processing' && record.confirmations !== undefined && (
        <p className="wallet-record-confirming" aria-live="polite">
          {tc('confirming', { n: record.confirmations, total: record.confirmationsNeeded ?? 0 })}
        </p>
      )}
      {record.status === 'fail' && record.remark && (
        <p className="wallet-record-reason" role="note">
          {t('record.reason', { reason: isolate(record.remark) })}
        </p>
      )}
      {difference && difference !== 'exact' && (
        <p className="wallet-record-difference" data-kind={difference} role="note">
          {t(`record.${difference}`)}
        </p>
      )}
      <dl className="wallet-record-fields">
        <Field label={t('record.serialNo')} widePhone>
          <bdi dir="ltr" className="wallet-code">
            {record.serialNo}
          </bdi>
        </Field>
        <Field label={t('record.amount')}>
          <Amount value={record.amount} currency={record.currency} />
        </Field>
        <Field label={t('record.fee')}>
          <Amount value={record.fee} currency="USDT" />
        </Field>
        <Field label={t('record.actualAmount')}>
          {settled ? (
            <Amount value={record.actualAmount} currency="USDT" />
          ) : (
            <span className="muted">
              {record.status === 'processing' ? t('record.pendingCredit') : t('record.notCredited')}
            </span>
          )}
        </Field>
        {record.network && (
          <Field label={t('record.network')}>
            <bdi dir="ltr">{record.network}</bdi>
          </Field>
        )}
        <Field label={t('record.currency')}>
          <bdi dir="ltr">{record.currency}</bdi>
        </Field>
        {(record.rate !== '1' || record.currency !== 'USDT') && (
          <Field label={t('record.rate')}>
            <bdi dir="ltr">
              1 {record.currency} = <Amount value={record.rate} currency="USDT" />
            </bdi>
          </Field>
        )}
        {record.balance !== null && (
          <Field label={t('record.balance')}>
            <Amount value={record.balance} currency="USDT" />
          </Field>
        )}
        {record.bankName && (
          <Field label={t('record.bank')}>
            <bdi>{record.bankName}</bdi>
          </Field>
        )}
        {record.cardNumber && (
          <Field label={t('record.cardNumber')}>
            <bdi dir="ltr" className="wallet-code">
              {record.cardNumber}
            </bdi>
          </Field>
        )}
        {record.address && (
          <Field label={t('record.address')} wide>
            <span className="wallet-copyable">
              <bdi dir="ltr" className="wallet-code" title={record.address}>
                {shorten(record.address, 10, 8)}
              </bdi>
              <CopyButton text={record.address} label={t('copy.copyAddress')} />
            </span>
          </Field>
        )}
        {record.txHash && (
          <Field label={t('record.txHash')} wide>
            <span className="wallet-copyable">
              <bdi dir="ltr" className="wallet-code" title={record.txHash}>
                {shorten(record.txHash)}
              </bdi>
              <CopyButton text={record.txHash} label={t('copy.copyHash')} />
            </span>
          </Field>
        )}
        {record.proofUrl && (
          <Field label={t('record.proof')}>
            <ProofThumb url={record.proofUrl} serialNo={record.serialNo} />
          </Field>
        )}
        {record.remark && record.status !== 'fail' && (
          <Field label={t('record.remark')} wide>
            <bdi>{record.remark}</bdi>
          </Field>
        )}
      </dl>
    </article>
  );
}
