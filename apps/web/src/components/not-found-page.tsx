import { LangLink } from '../lib/nav.tsx';
import { markNotFound } from '../lib/render-context.ts';
import { useTranslation } from '../lib/translator/react.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  markNotFound();
  return (
    <section className="panel coming-soon">
      <h1>{t('common.notFoundTitle')}</h1>
      <p>{t('common.notFoundBody')}</p>
      <LangLink className="button-link" to="/index">
        {t('common.goHome')}
      </LangLink>
    </section>
  );
}
