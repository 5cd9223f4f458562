/**
 * The marker beside a seller's or reviewer's own words shown untranslated ("Original text (ไทย)"):
 * the API leaves `originalLang` out when the text is in the buyer's language, and sets it to the
 * original's language (null when unknown) when it is not.
 */
import { LANGUAGES } from '@mall/i18n';
import { useTranslation } from '../lib/translator/react.ts';
import './catalogue-cards.css';

export function OriginalMark({ lang }: { lang: string | null | undefined }) {
  const { t } = useTranslation('shop');
  if (lang === undefined) return null;
  const language = LANGUAGES.find((l) => l.code === lang);
  return (
    <span className="original-mark" title={t('originalTextHint')} data-testid="original-mark">
      {language ? t('originalText', { language: `\u2068${language.name}\u2069` }) : t('originalTextUnknown')}
    </span>
  );
}
