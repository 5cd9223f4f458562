/** A loan's key figures: what was borrowed on which terms, and where it stands now. */
import type { LoanDto } from '@mall/contract';
import type { ReactNode } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';
import { dailyRate, yearlyRate } from '../lib/amount.ts';
import { Amount } from './amount.tsx';
import { LoanStatusBadge } from './status-badge.tsx';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="loan-field" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const time = (wire: string | null) => (wire ? <bdi dir="ltr">{toLocalTime(wire)}</bdi> : '—');

export function LoanSummary({ loan }: { loan: LoanDto }) {
  const { t } = useTranslation('loans');
  const running = loan.status === 'success' || loan.status === 'overdue';
  const disbursed = loan.disburseTime !== null;
  return (
    <div className="loan-summary">
      <div className="loan-summary-head">
        <div>
          <p className="muted loan-serial">
            {t('myLoan.serialNo')} <bdi dir="ltr">{loan.serialNo}</bdi>
          </p>
          <p className="loan-summary-amount">
            <Amount value={loan.amount} />
          </p>
        </div>
        <LoanStatusBadge status={loan.status} />
      </div>
      <dl className="loan-fields">
        <Field label={t('myLoan.term')}>
          {t('common.days', { days: loan.termDays, count: loan.termDays })}
        </Field>
        <Field label={t('myLoan.method')}>{t(`calc.methods.${loan.method}`, { days: loan.cycleDays })}</Field>
        <Field label={t('myLoan.rate')}>
          {t('common.perYear', { rate: ltr(yearlyRate(loan.annualRateBp)) })}{' '}
          <span className="muted">({t('common.perDay', { rate: ltr(dailyRate(loan.annualRateBp)) })})</span>
        </Field>
        <Field label={t('myLoan.estimatedRepayment')} testId="loan-estimated">
          <Amount value={loan.estimatedRepayment} />
        </Field>
        <Field label={t('myLoan.applyTime')}>{time(loan.applyTime)}</Field>
        {disbursed && <Field label={t('myLoan.disburseTime')}>{time(loan.disburseTime)}</Field>}
        {disbursed && <Field label={t('myLoan.maturityTime')}>{time(loan.maturityTime)}</Field>}
        {loan.repaidTime && <Field label={t('myLoan.repaidTime')}>{time(loan.repaidTime)}</Field>}
        {disbursed && (
          <Field label={t('myLoan.outstanding')} testId="loan-outstanding">
            <Amount value={loan.outstandingPrincipal} />
          </Field>
        )}
        {disbursed && (
          <Field label={t('myLoan.accruedInterest')}>
            <Amount value={loan.accruedInterest} />
          </Field>
        )}
        {(running || loan.overdueInterest !== '0') && disbursed && (
          <Field label={t('myLoan.overdueInterest')}>
            <Amount value={loan.overdueInterest} />
          </Field>
        )}
        {disbursed && (
          <Field label={t('myLoan.paid')} testId="loan-paid">
            <Amount value={loan.paidAmount} />
          </Field>
        )}
      </dl>
    </div>
  );
}
