/** One movement of the statement: when, what, how much, the balance after it, and its source. */
import type { StatementRowDto } from '@mall/contract';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { Amount } from './amount.tsx';

/** Where a movement's source is shown to its owner; settlements' orders are the seller's, in the console. */
export function sourceLink(row: StatementRowDto): string | null {
  const s = row.source;
  if (!s) return null;
  switch (s.kind) {
    case 'order':
      return row.type === 'settlement' ? null : `/userInfo/order-detail?orderId=${encodeURIComponent(s.id)}`;
    case 'loan':
      return '/credit/myLoan';
    case 'deposit':
      return '/userInfo/money-package?tab=recharge';
    case 'withdrawal':
      return '/userInfo/money-package?tab=withdraw';
  }
}

/** 0x1234ab…cdef: enough to recognise, the whole hash in the title and the explorer. */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

export function StatementRow({ row, time }: { row: StatementRowDto; time(ms: number): string }) {
  const { t } = useTranslation('statement');
  const { t: tw } = useTranslation('wallet');
  const link = sourceLink(row);
  const moved = row.amount !== '0';
  const label = t(`type.${row.type}`);
  const sourceText = row.source
    ? `${t(`source.${row.source.kind}`)} ${row.source.serialNo ?? row.source.id}`
    : null;
  return (
    <li className="statement-row" data-type={row.type} data-testid="statement-row">
      <div className="statement-row-what">
        <strong>{label}</strong>
        <time className="muted" dateTime={new Date(row.at).toISOString()}>
          <bdi>{time(row.at)}</bdi>
        </time>
        {sourceText &&
          (link ? (
            <LangLink to={link} className="statement-source">
              <bdi>{sourceText}</bdi>
            </LangLink>
          ) : (
            <span className="statement-source muted">
              <bdi>{sourceText}</bdi>
            </span>
          ))}
        {row.txHash && (
          <span className="muted statement-tx" data-testid="statement-tx">
            {`${tw('record.txHash')} `}
            {row.explorerUrl ? (
              <a href={row.explorerUrl} target="_blank" rel="noreferrer" title={row.txHash} dir="ltr">
                {shortHash(row.txHash)}
              </a>
            ) : (
              <bdi title={row.txHash}>{shortHash(row.txHash)}</bdi>
            )}
          </span>
        )}
        {row.commission && (
          <span className="muted">
            {t('commission')} <Amount value={row.commission} currency="USDT" />
          </span>
        )}
      </div>
      <div className="statement-row-figures">
        {moved ? (
          <Amount
            value={row.amount}
            currency="USDT"
            className={row.amount.startsWith('-') ? 'is-out' : 'is-in'}
          />
        ) : (
          <span className="statement-held">
            {t(row.held.startsWith('-') ? 'released' : 'held')}{' '}
            <Amount value={row.held.replace('-', '')} currency="USDT" />
          </span>
        )}
        <span className="muted statement-after">
          {t('balanceAfter')} <Amount value={row.balanceAfter} />
        </span>
      </div>
    </li>
  );
}
