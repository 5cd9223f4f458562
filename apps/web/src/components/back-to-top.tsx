import { PIXELS } from '@mall/contract';
import { useTranslation } from '../lib/translator/react.ts';
import { useScrollY } from '../lib/use-scroll-y.ts';

export function BackToTop() {
  const { t } = useTranslation();
  const y = useScrollY();
  if (y <= PIXELS.backToTopAt) return null;
  return (
    <button
      type="button"
      className="floating back-to-top"
      aria-label={t('common.backToTop')}
      title={t('common.backToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
      </svg>
    </button>
  );
}
