/**
 * Every route of SPEC §2, declared with the storefront's own router (lib/router/router.tsx); data
 * loads with TanStack Query. Pages are lazy chunks (the server-rendered ones `preloadable`, loaded
 * before hydrating); a page that fails to load is caught by the RouteErrorBoundary.
 */
import { lazy } from 'react';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { withErrorTexts } from '../lib/i18n.ts';
import { withLang } from '../lib/nav.tsx';
import { preloadable } from '../lib/preloadable.tsx';
import { Navigate, Route, Routes } from '../lib/router/router.tsx';
import { withMantine } from '../lib/with-mantine.tsx';
import { AppShell } from './app-shell.tsx';

const UserCentreLayout = lazy(
  withErrorTexts(() =>
    import('../components/user-centre-layout.tsx').then((m) => ({ default: m.UserCentreLayout })),
  ),
);
const HomePage = preloadable('home', () => import('../features/home/home-page.tsx'));
const StaticRoute = lazy(withErrorTexts(() => import('../features/static-pages/static-route.tsx')));
const DownloadPage = lazy(withErrorTexts(() => import('../features/static-pages/download-page.tsx')));
const MerchantSettledPage = lazy(
  withMantine(withErrorTexts(() => import('../features/merchant/merchant-settled-page.tsx'))),
);
const MoneyPackagePage = lazy(
  withMantine(withErrorTexts(() => import('../features/wallet/money-package-page.tsx'))),
);
const RechargePage = lazy(withMantine(withErrorTexts(() => import('../features/wallet/recharge-page.tsx'))));
const WithdrawPage = lazy(withMantine(withErrorTexts(() => import('../features/wallet/withdraw-page.tsx'))));
const CreditPage = lazy(withMantine(withErrorTexts(() => import('../features/loans/credit-page.tsx'))));
const LoanApplicationPage = lazy(
  withMantine(withErrorTexts(() => import('../features/loans/loan-application-page.tsx'))),
);
const MyLoanPage = lazy(withMantine(withErrorTexts(() => import('../features/loans/my-loan-page.tsx'))));
// Catalogue pages (issue 3), rendered on the server too: their error texts load only with an error
// shown (components/list-states.tsx), not with the page; their code loads before hydrating.
const ClassificationPage = preloadable(
  'classification',
  () => import('../features/catalogue/classification-page.tsx'),
);
const CommodityPage = preloadable('commodity', () => import('../features/catalogue/commodity-page.tsx'));
const DiscountedPage = preloadable('discounted', () => import('../features/catalogue/discounted-page.tsx'));
const StorePage = preloadable('store', () => import('../features/catalogue/store-page.tsx'));
const SearchGoodsPage = preloadable(
  'searchGoods',
  () => import('../features/catalogue/search-goods-page.tsx'),
);
const SearchStorePage = preloadable(
  'searchStore',
  () => import('../features/catalogue/search-store-page.tsx'),
);
const SearchResultPage = preloadable(
  'searchResult',
  () => import('../features/catalogue/search-result-page.tsx'),
);
const ProductPage = preloadable('productDetails', () => import('../features/product/product-page.tsx'));
const InformationPage = lazy(withErrorTexts(() => import('../features/news/information-page.tsx')));
const CollectGoodsPage = lazy(withErrorTexts(() => import('../features/favourites/collect-goods-page.tsx')));
const CollectShopPage = lazy(withErrorTexts(() => import('../features/favourites/collect-shop-page.tsx')));
// The account pages (issue 4) come through one lazy module, which loads each page's own chunk.
const AccountRoute = lazy(
  withMantine(withErrorTexts(() => import('../features/account/account-routes.tsx'))),
);
// The order pages (issue 6) likewise: one lazy module, which loads each page's own chunk.
const OrderRoute = lazy(withMantine(withErrorTexts(() => import('../features/orders/order-routes.tsx'))));

export const STATIC_PATHS = [
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

function Redirect({ to }: { to: string }) {
  return <Navigate to={withLang(to)} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AppShell />}>
        <Route index element={<Redirect to="/index" />} />
        <Route path="index" element={<HomePage />} />
        <Route path="classification" element={<ClassificationPage />} />
        <Route path="commodity" element={<CommodityPage />} />
        <Route path="discounted" element={<DiscountedPage />} />
        <Route path="information" element={<InformationPage />} />
        {/* Not kept alive (SPEC §2): a new id remounts the page. */}
        <Route path="productDetails" element={<ProductPage />} />
        <Route path="store" element={<StorePage />} />
        <Route path="searchGoods" element={<SearchGoodsPage />} />
        <Route path="searchStore" element={<SearchStorePage />} />
        <Route path="searchResult" element={<SearchResultPage />} />
        <Route path="login" element={<AccountRoute page="login" />} />
        <Route path="register" element={<AccountRoute page="register" />} />
        <Route path="forgotPassword" element={<AccountRoute page="forgotPassword" />} />
        <Route path="merchantSettled" element={<MerchantSettledPage />} />
        <Route path="settlement" element={<RequireLogin>{<OrderRoute page="settlement" />}</RequireLogin>} />
        <Route path="paySuccess" element={<RequireLogin>{<OrderRoute page="paySuccess" />}</RequireLogin>} />
        <Route path="userInfo" element={<UserCentreLayout />}>
          <Route index element={<Redirect to="/userInfo/dashboard" />} />
          <Route path="dashboard" element={<AccountRoute page="dashboard" />} />
          <Route path="download" element={<DownloadPage />} />
          <Route path="collect-goods" element={<CollectGoodsPage />} />
          <Route path="collect-shop" element={<CollectShopPage />} />
          <Route path="my-order" element={<OrderRoute page="myOrder" />} />
          <Route path="order-detail" element={<OrderRoute page="orderDetail" />} />
          <Route path="order-return" element={<OrderRoute page="orderReturn" />} />
          <Route path="order-evaluation" element={<OrderRoute page="orderEvaluation" />} />
          <Route path="money-package" element={<MoneyPackagePage />} />
          <Route path="money-package/recharge" element={<RechargePage />} />
          <Route path="money-package/withdraw" element={<WithdrawPage />} />
          <Route path="setup/*" element={<AccountRoute page="setup" />} />
        </Route>
        <Route path="credit">
          <Route index element={<CreditPage />} />
          <Route
            path="application"
            element={
              <RequireLogin>
                <LoanApplicationPage />
              </RequireLogin>
            }
          />
          <Route
            path="myLoan"
            element={
              <RequireLogin>
                <MyLoanPage />
              </RequireLogin>
            }
          />
        </Route>
        {STATIC_PATHS.map((path) => (
          <Route key={path} path={path} element={<StaticRoute />} />
        ))}
        <Route path="download/:audience" element={<DownloadPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
