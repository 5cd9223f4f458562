/** Available and held apart, with what holds the held amount (each withdrawal waiting for finance). */
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useStatement } from '../api/statement-api.ts';
import { Amount } from './amount.tsx';

const ALL = { type: undefined, from: undefined, to: undefined };

export function HoldsCard() {
  const { t } = useTranslation('statement');
  const statement = useStatement(ALL, 1).data;
  if (!statement || statement.holds.length === 0) return null;
  return (
    <section className="wallet-panel statement-holds" aria-labelledby="statement-holds-title">
      <h2 id="statement-holds-title">{t('holds.title')}</h2>
      <p className="muted">
        {t('holds.explain')} <Amount value={statement.held} currency="USDT" />
      </p>
      <ul>
        {statement.holds.map((h) => (
          <li key={`${h.source?.id ?? ''}-${h.type}-${h.since}`}>
            <span>{t(h.type === 'fee' ? 'holds.fee' : 'holds.withdrawal')}</span>{' '}
            {h.source && (
              <LangLink to="/userInfo/money-package?tab=withdraw">
                <bdi>{h.source.serialNo ?? h.source.id}</bdi>
              </LangLink>
            )}{' '}
            <Amount value={h.amount} currency="USDT" />
          </li>
        ))}
      </ul>
    </section>
  );
}
