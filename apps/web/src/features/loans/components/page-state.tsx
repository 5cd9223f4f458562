/** Loading and failure states shared by the loan pages. */
import { useTranslation } from '../../../lib/translator/react.ts';

export function Skeleton({ height = 160 }: { height?: number }) {
  return <div className="loan-skeleton" style={{ minBlockSize: height }} aria-busy="true" />;
}

export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('loans');
  return (
    <div className="loan-empty" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="loan-text-button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
