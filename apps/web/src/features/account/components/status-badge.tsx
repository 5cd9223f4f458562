import type { VerificationStatus } from '@mall/contract';
import { useTranslation } from '../../../lib/translator/react.ts';

/** A verification status as a coloured word: not submitted, under review, approved, rejected. */
export function StatusBadge({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('account');
  return <span className={`account-badge is-${status}`}>{t(`verify.status.${status}`)}</span>;
}
