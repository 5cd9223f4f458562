/**
 * The cost of a loan before anyone applies: the fixed rate, the total interest, the total to repay
 * and the instalment (QuoteFigures); the schedule and the rules that make the figures: overdue
 * rate, day count (QuoteSchedule).
 */
import type { LoanProductDto, LoanQuoteDto } from '@mall/contract';
import { ltr } from '../../../lib/bidi.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { dailyRate, yearlyRate } from '../lib/amount.ts';
import { Amount } from './amount.tsx';
import { ScheduleTable } from './schedule-table.tsx';

export function QuoteFigures({
  product,
  quote,
  updating,
}: {
  product: LoanProductDto;
  quote: LoanQuoteDto | undefined;
  updating: boolean;
}) {
  const { t } = useTranslation('loans');
  const first = quote?.instalments[0];
  const several = quote !== undefined && quote.instalments.length > 1;
  return (
    <div className="loan-quote" aria-live="polite" aria-busy={updating || undefined} data-testid="loan-quote">
      <dl className="loan-figures">
        <div>
          <dt>{t('calc.rate')}</dt>
          <dd>
            {t('common.perYear', { rate: ltr(yearlyRate(product.annualRateBp)) })}
            <span className="muted loan-sub">
              {t('common.perDay', { rate: ltr(dailyRate(product.annualRateBp)) })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('calc.totalInterest')}</dt>
          <dd data-testid="quote-interest">{quote ? <Amount value={quote.totalInterest} /> : '—'}</dd>
        </div>
        <div className="is-key">
          <dt>{t('calc.totalRepayment')}</dt>
          <dd data-testid="quote-total">{quote ? <Amount value={quote.totalRepayment} /> : '—'}</dd>
        </div>
        <div>
          <dt>{several ? t('calc.firstPayment') : t('calc.instalmentCount')}</dt>
          <dd>
            {quote && first && several && (
              <>
                <Amount value={first.amount} />
                <span className="muted loan-sub">
                  <bdi dir="ltr">× {quote.instalments.length}</bdi>
                </span>
              </>
            )}
            {quote && !several && <bdi dir="ltr">1</bdi>}
            {!quote && '—'}
          </dd>
        </div>
      </dl>
      {updating && <p className="muted loan-updating">{t('calc.updating')}</p>}
    </div>
  );
}

export function QuoteSchedule({
  product,
  quote,
  captioned = true,
}: {
  product: LoanProductDto;
  quote: LoanQuoteDto | undefined;
  /** False where a heading above already names the schedule. */
  captioned?: boolean;
}) {
  const { t } = useTranslation('loans');
  return (
    <div className="loan-quote-schedule" data-testid="loan-quote-schedule">
      {quote ? (
        <ScheduleTable
          instalments={quote.instalments}
          {...(captioned ? { caption: `${t('schedule.title')} (USDT)` } : {})}
        />
      ) : (
        <p className="muted loan-small">{t('calc.invalid')}</p>
      )}
      <ul className="loan-rules muted">
        <li>{t('calc.overdueRate', { rate: ltr(yearlyRate(product.overdueAnnualRateBp)) })}</li>
        <li>{t('calc.dayCount')}</li>
        <li>{t('calc.estimateNote')}</li>
      </ul>
    </div>
  );
}
