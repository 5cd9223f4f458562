import { useEffect, useState } from 'react';
import { currentBrand } from '../../lib/brand.ts';
import { ensurePages } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/translator/react.ts';

export const STATIC_PAGES = [
  'about',
  'news',
  'careers',
  'partners',
  'privacyPolicy',
  'agreement',
  'returnRules',
  'serviceRules',
  'sellerRules',
  'buyerRules',
  'modernSlavery',
] as const;

export type StaticPageKey = (typeof STATIC_PAGES)[number] | 'appBuyer' | 'appSeller';

interface Section {
  h: string;
  p: string;
}

/** Policy and company pages: translated text with the brand's name and mail filled in. */
export function StaticPage({ page, children }: { page: StaticPageKey; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const brand = currentBrand();
  useEffect(() => {
    let live = true;
    void ensurePages().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const sections = ready
    ? (t(page, { ns: 'pages', returnObjects: true, brand: brand.name, mail: brand.supportMail }) as unknown)
    : [];
  return (
    <article className="panel static-page">
      <h1>{t(`pages.${page}`)}</h1>
      {!ready && <p className="muted">{t('common.loading')}</p>}
      {Array.isArray(sections) &&
        (sections as Section[]).map((s) => (
          <section key={s.h}>
            <h2>{s.h}</h2>
            <p>{s.p}</p>
          </section>
        ))}
      {children}
    </article>
  );
}
