import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';

/** "‹ Settings": back to the settings list from one of its pages (the arrow turns in Arabic). */
export function BackToSettings() {
  const { t } = useTranslation('account');
  return (
    <LangLink to="/userInfo/setup/index" className="account-back">
      <svg className="account-flip" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" />
      </svg>
      {t('setup.title')}
    </LangLink>
  );
}
