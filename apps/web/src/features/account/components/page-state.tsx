/** Loading and failure states shared by the account pages. */

import { failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

export function Skeleton({ className = '', label }: { className?: string; label?: string }) {
  const { t } = useTranslation('account');
  return (
    <div className={`account-skeleton ${className}`} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('account');
  return (
    <div className="account-empty" role="alert">
      <p>{failureText(error)}</p>
      <button type="button" className="account-text-button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function PageHead({
  title,
  back,
  children,
}: {
  title: string;
  back?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="account-page-head">
      <div>
        {back}
        <h1>{title}</h1>
      </div>
      {children}
    </header>
  );
}
