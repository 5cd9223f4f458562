/**
 * /userInfo/money-package/recharge: deposit by blockchain, bank card or payment channel. A chain or
 * bank claim shows its record and goes back to the wallet 2.5 s later (SPEC §4, §9).
 */
import { TIMERS, type WalletRecordDto } from '@mall/contract';
import { useState } from 'react';
import { LangLink } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { BankRechargeForm } from './components/bank-recharge-form.tsx';
import { ChainRechargeForm } from './components/chain-recharge-form.tsx';
import { GatewayRechargeForm } from './components/gateway-recharge-form.tsx';
import { RadioCards } from './components/radio-cards.tsx';
import { RecordCard } from './components/record-card.tsx';
import { RecordList } from './components/record-list.tsx';
import { useQueryParams } from './hooks/use-query-params.ts';
import { useRedirectAfter } from './hooks/use-redirect-after.ts';
import './wallet-styles.ts';

const METHODS = ['chain', 'bank', 'gateway'] as const;
type Method = (typeof METHODS)[number];
const WALLET = '/userInfo/money-package';

export default function RechargePage() {
  const { t } = useTranslation('wallet');
  const [params, update] = useQueryParams();
  const asked = params.get('method');
  const method: Method = (METHODS as readonly string[]).includes(asked ?? '') ? (asked as Method) : 'chain';
  const [submitted, setSubmitted] = useState<WalletRecordDto | null>(null);
  const [recentPage, setRecentPage] = useState(1);
  useRedirectAfter(submitted !== null, `${WALLET}?index=1`, TIMERS.redirectAfterRechargeMs);

  const onSubmitted = (record: WalletRecordDto) => {
    notify(t('recharge.submitted'), 'success');
    setSubmitted(record);
  };

  return (
    <div className="wallet-page">
      <header className="wallet-page-head">
        <h1>{t('title.recharge')}</h1>
        <LangLink to={WALLET} className="wallet-back">
          {t('common.backToWallet')}
        </LangLink>
      </header>
      {submitted ? (
        <section className="wallet-panel wallet-done" aria-live="polite">
          <h2>{t('recharge.submittedTitle')}</h2>
          <p>{t('recharge.submitted')}</p>
          <RecordCard record={submitted} highlight />
          <p className="muted">{t('recharge.redirecting')}</p>
          <LangLink to={`${WALLET}?index=1`} className="button-link">
            {t('common.backToWallet')}
          </LangLink>
        </section>
      ) : (
        <section className="wallet-panel" aria-labelledby="wallet-method-title">
          <h2 id="wallet-method-title" className="visually-hidden">
            {t('recharge.method')}
          </h2>
          <RadioCards
            legend={t('recharge.method')}
            className="is-methods"
            value={method}
            onChange={(value) => update({ method: value })}
            options={METHODS.map((m) => ({
              value: m,
              title: t(`recharge.methods.${m}`),
              detail: t(`recharge.methodHints.${m}`),
            }))}
          />
          {method === 'chain' && <ChainRechargeForm onSubmitted={onSubmitted} />}
          {method === 'bank' && <BankRechargeForm onSubmitted={onSubmitted} />}
          {method === 'gateway' && <GatewayRechargeForm />}
        </section>
      )}
      <section className="wallet-panel" aria-labelledby="wallet-recent-title">
        <h2 id="wallet-recent-title">{t('recharge.recent')}</h2>
        <RecordList
          tab={method === 'bank' ? 'bank' : 'recharge'}
          page={recentPage}
          onPage={setRecentPage}
          highlightId={submitted?.id}
        />
      </section>
    </div>
  );
}
