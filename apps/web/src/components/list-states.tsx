/**
 * Empty and failed states of catalogue lists, with a way on (retry, or a link). The error texts are
 * not part of a catalogue page's load (issue 27): a state that shows one waits for them here.
 */
import type { ErrorKey } from '@mall/contract';
import type { ReactNode } from 'react';
import { errorText, failureText } from '../lib/errors.ts';
import { useTranslation } from '../lib/translator/react.ts';

export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="list-state" role="status">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <path
          d="M8 14h32l-3 26H11zM17 14a7 7 0 0 1 14 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </svg>
      <p>{title ?? t('common.emptyList')}</p>
      {children}
    </div>
  );
}

/** "Not found" in the catalogue's words (PRODUCT_NOT_FOUND, SELLER_NOT_FOUND). */
export function MissingState({ errorKey }: { errorKey: ErrorKey }) {
  useTranslation('errors');
  return <EmptyState title={errorText(errorKey)} />;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  useTranslation('errors');
  return (
    <div className="list-state is-error" role="alert">
      <p>{t('common.loadFailed')}</p>
      <p className="muted">{failureText(error)}</p>
      {onRetry && (
        <button type="button" className="button-link" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
