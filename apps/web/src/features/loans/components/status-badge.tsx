import type { LoanInstalmentStatus, LoanStatus } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation('loans');
  return (
    <span className="loan-status" data-status={status} data-testid="loan-status">
      {t(`myLoan.statuses.${status}`)}
    </span>
  );
}

export function InstalmentStatusBadge({ status }: { status: LoanInstalmentStatus }) {
  const { t } = useTranslation('loans');
  return (
    <span className="loan-status" data-status={status === 'paid' ? 'repaid' : status}>
      {t(`schedule.statuses.${status}`)}
    </span>
  );
}
