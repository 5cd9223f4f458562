import { loginPathFor } from '../../../components/require-login.tsx';
import { currentBrand } from '../../../lib/brand.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { setServiceDialogOpen } from '../../../lib/service-dialog-store.ts';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { SubscribeForm } from './subscribe-form.tsx';

const PAYMENT_PARTNERS = ['VISA', 'Mastercard', 'PayPal'];

export function SiteFooter() {
  const { t } = useTranslation();
  const brand = currentBrand();
  const loggedIn = useSession() !== null;
  // Private pages send visitors to sign in first, and back to the asked page afterwards.
  const privateLink = (to: string) => {
    if (loggedIn) return to;
    const [pathname = to, query = ''] = to.split('?');
    return loginPathFor(pathname, query ? `?${query}` : '');
  };
  const coins = brand.footerCoins.join(', ');
  // The address is a link inside translated text, wherever the language puts it.
  const [mailBefore, mailAfter] = t('footer.supportMail', { mail: '\u0000' }).split('\u0000');

  return (
    <footer className="site-footer">
      <div className="container footer-subscribe">
        <div>
          <h2>{t('footer.subscribeTitle')}</h2>
          <p>{t('footer.subscribeBody', { brand: brand.name })}</p>
        </div>
        <SubscribeForm />
      </div>
      <div className="container footer-columns">
        <section>
          <h3>{t('footer.customerService')}</h3>
          <ul>
            <li>
              <button type="button" className="link-button" onClick={() => setServiceDialogOpen(true)}>
                {t('footer.contactUs')}
              </button>
            </li>
            <li>
              <LangLink to="/serviceRules">{t('pages.serviceRules')}</LangLink>
            </li>
            <li>
              <LangLink to="/returnRules">{t('pages.returnRules')}</LangLink>
            </li>
            <li>
              <LangLink to="/privacyPolicy">{t('pages.privacyPolicy')}</LangLink>
            </li>
          </ul>
        </section>
        <section>
          <h3>{t('footer.policies')}</h3>
          <ul>
            <li>
              <LangLink to="/agreement">{t('pages.agreement')}</LangLink>
            </li>
            <li>
              <LangLink to="/buyerRules">{t('pages.buyerRules')}</LangLink>
            </li>
            <li>
              <LangLink to="/sellerRules">{t('pages.sellerRules')}</LangLink>
            </li>
            <li>
              <LangLink to="/modernSlavery">{t('pages.modernSlavery')}</LangLink>
            </li>
          </ul>
        </section>
        <section>
          <h3>{t('footer.userCentre')}</h3>
          <ul>
            <li>
              <LangLink to={privateLink('/userInfo/my-order?index=2')}>{t('footer.orderTracking')}</LangLink>
            </li>
            <li>
              <LangLink to={privateLink('/userInfo/collect-goods?index=3')}>
                {t('footer.myFavourites')}
              </LangLink>
            </li>
            <li>
              <LangLink to={privateLink('/userInfo/money-package?index=1')}>{t('footer.myWallet')}</LangLink>
            </li>
            <li>
              {loggedIn ? (
                <LangLink to="/userInfo/dashboard">{t('header.myAccount')}</LangLink>
              ) : (
                <LangLink to="/register">{t('header.register')}</LangLink>
              )}
            </li>
          </ul>
        </section>
        <section>
          <h3>{t('footer.about')}</h3>
          <ul>
            <li>
              <LangLink to="/about">{t('pages.about')}</LangLink>
            </li>
            <li>
              <LangLink to="/news">{t('pages.news')}</LangLink>
            </li>
            <li>
              <LangLink to="/careers">{t('pages.careers')}</LangLink>
            </li>
            <li>
              <LangLink to="/partners">{t('pages.partners')}</LangLink>
            </li>
            <li>
              <LangLink to="/download/buyer">{t('pages.appBuyer')}</LangLink>
            </li>
            <li>
              <LangLink to="/download/seller">{t('pages.appSeller')}</LangLink>
            </li>
          </ul>
        </section>
      </div>
      <div className="container footer-partners">
        <h3 className="visually-hidden">{t('footer.paymentPartners')}</h3>
        <ul className="badges" aria-label={t('footer.paymentPartners')}>
          {[...brand.footerCoins, ...PAYMENT_PARTNERS].map((name) => (
            <li key={name} className="badge" dir="ltr">
              {name}
            </li>
          ))}
        </ul>
        <p>{t('footer.acceptedCoins', { coins })}</p>
      </div>
      <div className="container footer-legal">
        <p>{t('footer.description', { brand: brand.name, coin: brand.footerCoins[0] ?? 'USDT' })}</p>
        <p>
          {t('footer.legal', { brand: brand.name, year: new Date().getFullYear() })}{' '}
          <span>
            {mailBefore}
            <a href={`mailto:${brand.supportMail}`} dir="ltr">
              {brand.supportMail}
            </a>
            {mailAfter}
          </span>
        </p>
      </div>
    </footer>
  );
}
