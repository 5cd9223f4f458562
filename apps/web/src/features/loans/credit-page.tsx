/**
 * /credit: the start-up loan's landing page. Every claim (limit, term, review time, payout) comes
 * from the product configuration (`/api/loan/config`), and the calculator shows the schedule and
 * the total cost live, before anyone applies.
 */

import { ltr } from '../../lib/bidi.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { useLoanConfig } from './api/loans-api.ts';
import { LoanCalculator } from './components/loan-calculator.tsx';
import { LoadFailed, Skeleton } from './components/page-state.tsx';
import { formatAmount } from './lib/amount.ts';
import './loans-styles.ts';

export default function CreditPage() {
  const { t } = useTranslation('loans');
  const config = useLoanConfig();
  const claims = config.data?.claims;
  return (
    <div className="container loan-page">
      <section className="loan-hero" aria-labelledby="loan-hero-title">
        <h1 id="loan-hero-title">{t('title.landing')}</h1>
        <p className="loan-lead">{t('landing.lead')}</p>
        <div className="loan-hero-actions">
          <LangLink to="/credit/application" className="loan-cta is-primary">
            {t('landing.apply')}
          </LangLink>
          <LangLink to="/credit/myLoan" className="loan-cta">
            {t('landing.myLoan')}
          </LangLink>
        </div>
      </section>
      {config.isPending && <Skeleton height={320} />}
      {config.isError && <LoadFailed onRetry={() => void config.refetch()} />}
      {claims && config.data && (
        <>
          <section aria-labelledby="loan-claims-title">
            <h2 id="loan-claims-title" className="visually-hidden">
              {t('landing.claims')}
            </h2>
            <ul className="loan-claims" data-testid="loan-claims">
              <li>
                <span className="loan-claim-label">{t('landing.limit')}</span>
                <span className="loan-claim-value">
                  {t('landing.limitValue', {
                    min: ltr(formatAmount(claims.amountMin, 0)),
                    max: ltr(formatAmount(claims.amountMax, 0)),
                  })}{' '}
                  <bdi dir="ltr">USDT</bdi>
                </span>
              </li>
              <li>
                <span className="loan-claim-label">{t('landing.maxTerm')}</span>
                <span className="loan-claim-value">
                  {t('landing.maxTermValue', { days: claims.maxTermDays })}
                </span>
              </li>
              <li>
                <span className="loan-claim-label">{t('landing.review')}</span>
                <span className="loan-claim-value">
                  {t('landing.reviewValue', { hours: claims.reviewHours })}
                </span>
              </li>
              <li>
                <span className="loan-claim-label">{t('landing.payout')}</span>
                <span className="loan-claim-value">
                  {claims.payoutDays === 0
                    ? t('landing.payoutSameDay')
                    : t('landing.payoutDays', { days: claims.payoutDays, count: claims.payoutDays })}
                </span>
              </li>
            </ul>
          </section>
          <LoanCalculator product={config.data.product} />
          <section className="loan-panel" aria-labelledby="loan-steps-title">
            <h2 id="loan-steps-title">{t('landing.stepsTitle')}</h2>
            <ol className="loan-steps">
              <li>{t('landing.step1')}</li>
              <li>{t('landing.step2')}</li>
              <li>{t('landing.step3')}</li>
              <li>{t('landing.step4')}</li>
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
