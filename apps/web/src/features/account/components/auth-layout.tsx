/**
 * The frame of the sign-in, sign-up and forgot-password pages: the form in a card beside a short
 * word about the brand (which folds under the form on a phone).
 */
import type { ReactNode } from 'react';
import { currentBrand } from '../../../lib/brand.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const brand = currentBrand();
  return (
    <div className="container account-auth">
      <section className="account-auth-card" aria-labelledby="account-auth-title">
        <h1 id="account-auth-title">{title}</h1>
        {children}
      </section>
      <aside className="account-auth-aside" aria-label={brand.name}>
        <p className="account-auth-brand">{brand.name}</p>
        <p className="account-auth-tagline">{t('auth.tagline')}</p>
        <ul>
          <li>{t('auth.pointCatalogue')}</li>
          <li>{t('auth.pointWallet')}</li>
          <li>{t('auth.pointReturns')}</li>
        </ul>
      </aside>
    </div>
  );
}

/** A message about the whole form (a refused sign-in, a server error), read out when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="account-alert" role="alert">
      {children}
    </div>
  );
}
