/**
 * The tab title, "<page> - <brand>" (WCAG 2.4.2): the shell names every route from `ui.routes`;
 * pages about one thing (a product, a store) name it themselves with `usePageTitle`.
 */
import { useEffect } from 'react';
import { currentBrand } from './brand.ts';
import { i18next } from './translator/translator.ts';

/** Paths whose page sets its own title (the goods or store name). */
export const SELF_TITLED_PATHS = new Set(['/productDetails', '/store']);

const ROUTE_KEYS: Record<string, string> = {
  '/index': 'routes.index',
  '/classification': 'routes.classification',
  '/commodity': 'routes.commodity',
  '/discounted': 'routes.discounted',
  '/information': 'routes.information',
  '/searchGoods': 'routes.searchGoods',
  '/searchStore': 'routes.searchStore',
  '/searchResult': 'routes.searchResult',
  '/login': 'routes.login',
  '/register': 'routes.register',
  '/forgotPassword': 'routes.forgotPassword',
  '/merchantSettled': 'routes.merchantSettled',
  '/settlement': 'routes.settlement',
  '/paySuccess': 'routes.paySuccess',
  '/userInfo/dashboard': 'routes.dashboard',
  '/userInfo/download': 'routes.download',
  '/userInfo/collect-goods': 'routes.collectGoods',
  '/userInfo/collect-shop': 'routes.collectShop',
  '/userInfo/my-order': 'routes.myOrder',
  '/userInfo/order-detail': 'routes.orderDetail',
  '/userInfo/order-return': 'routes.orderReturn',
  '/userInfo/order-evaluation': 'routes.orderEvaluation',
  '/userInfo/money-package': 'routes.moneyPackage',
  '/userInfo/money-package/recharge': 'routes.recharge',
  '/userInfo/money-package/withdraw': 'routes.withdraw',
  '/userInfo/setup/index': 'routes.setup',
  '/userInfo/setup/login-password': 'routes.loginPassword',
  '/userInfo/setup/transaction-password': 'routes.transactionPassword',
  '/userInfo/setup/shipping-address': 'routes.shippingAddress',
  '/userInfo/setup/account-cancellation': 'routes.accountCancellation',
  '/userInfo/setup/real-name': 'routes.setup',
  '/userInfo/setup/c3': 'routes.setup',
  '/credit': 'routes.credit',
  '/credit/application': 'routes.creditApplication',
  '/credit/myLoan': 'routes.myLoan',
  '/download/buyer': 'pages.appBuyer',
  '/download/seller': 'pages.appSeller',
};

const STATIC_PAGES = new Set([
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
]);

/** The `ui` key naming the page at `pathname`; the not-found title for anything unknown. */
export function routeTitleKey(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const key = ROUTE_KEYS[path];
  if (key) return key;
  const name = path.slice(1);
  if (STATIC_PAGES.has(name)) return `pages.${name}`;
  if (path.startsWith('/userInfo/setup')) return 'routes.setup';
  if (path === '/' || path === '/userInfo') return 'routes.index';
  return 'common.notFoundTitle';
}

export function setDocumentTitle(page: string): void {
  const brand = currentBrand().name;
  document.title = page ? `${page} - ${brand}` : brand;
}

/**
 * Sets the tab title to `page` (the goods or store name) for a page in SELF_TITLED_PATHS, and to
 * the route's name (`ui` key `fallbackKey`) until that is known.
 */
export function usePageTitle(page: string | undefined, fallbackKey: string): void {
  useEffect(() => {
    setDocumentTitle(page || i18next.getFixedT(['ui'])(fallbackKey));
  }, [page, fallbackKey]);
}
