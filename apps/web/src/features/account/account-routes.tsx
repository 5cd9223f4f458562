/**
 * Every account page behind one lazy import from the router: each lazy route adds its chunks'
 * file names to the first paint's preload map, and the account pages share many small modules.
 * One entry point here (and one route for all of /userInfo/setup/*) keeps the home route's budget,
 * while each page is still its own chunk, loaded when its route is first shown.
 */
import { lazy } from 'react';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { withLang } from '../../lib/nav.tsx';
import { Navigate, Route, Routes } from '../../lib/router/router.tsx';

const PAGES = {
  login: lazy(() => import('./pages/login-page.tsx')),
  register: lazy(() => import('./pages/register-page.tsx')),
  forgotPassword: lazy(() => import('./pages/forgot-password-page.tsx')),
  dashboard: lazy(() => import('./pages/dashboard-page.tsx')),
};

const SETUP = {
  index: lazy(() => import('./pages/setup-index-page.tsx')),
  'login-password': lazy(() => import('./pages/login-password-page.tsx')),
  'transaction-password': lazy(() => import('./pages/transaction-password-page.tsx')),
  'shipping-address': lazy(() => import('./pages/shipping-address-page.tsx')),
  'account-cancellation': lazy(() => import('./pages/account-cancellation-page.tsx')),
  'real-name': lazy(() =>
    import('./pages/verification-pages.tsx').then((m) => ({ default: m.RealNamePage })),
  ),
  c3: lazy(() => import('./pages/verification-pages.tsx').then((m) => ({ default: m.C3Page }))),
};

export type AccountPageName = keyof typeof PAGES | 'setup';

/** /userInfo/setup/*: the settings list and each setting's page (SPEC §2 names, plus verification). */
function SetupRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={withLang('/userInfo/setup/index')} replace />} />
      {Object.entries(SETUP).map(([path, Page]) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default function AccountRoute({ page }: { page: AccountPageName }) {
  if (page === 'setup') return <SetupRoutes />;
  const Page = PAGES[page];
  return <Page />;
}
