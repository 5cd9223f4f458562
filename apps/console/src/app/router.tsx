/**
 * The console's routes under /console. Each section is a lazy chunk behind a role gate; the index
 * goes to the first section the signed-in roles may use.
 */
import type { Role } from '@mall/contract';
import { Alert } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { RoleGate } from '../components/role-gate.tsx';
import { useConsoleSession } from '../lib/session.ts';
import { ConsoleShell } from './console-shell.tsx';
import { ConsoleTitle } from './console-title.tsx';
import { allowedItems } from './nav.ts';

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));

/** Pages by path, with the roles that may open them (features add theirs here). */
export const PAGES: { path: string; roles: readonly Role[]; page: LazyExoticComponent<ComponentType> }[] = [
  {
    path: 'finance/recharges',
    roles: ['finance', 'admin'],
    page: lazy(() => import('../features/finance/recharges-page.tsx')),
  },
  {
    path: 'finance/withdrawals',
    roles: ['finance', 'admin'],
    page: lazy(() => import('../features/finance/withdrawals-page.tsx')),
  },
  { path: 'seller/store', roles: ['seller'], page: lazy(() => import('../features/seller/store-page.tsx')) },
  { path: 'seller/goods', roles: ['seller'], page: lazy(() => import('../features/seller/goods-page.tsx')) },
  {
    path: 'seller/orders',
    roles: ['seller'],
    page: lazy(() => import('../features/seller/orders-page.tsx')),
  },
  {
    path: 'seller/settlements',
    roles: ['seller'],
    page: lazy(() => import('../features/seller/settlements-page.tsx')),
  },
  {
    path: 'seller/reviews',
    roles: ['seller'],
    page: lazy(() => import('../features/seller/reviews-page.tsx')),
  },
  {
    path: 'admin/merchants',
    roles: ['admin'],
    page: lazy(() => import('../features/merchants/merchants-page.tsx')),
  },
  {
    path: 'risk/identity',
    roles: ['risk', 'admin'],
    page: lazy(() => import('../features/risk/identity-page.tsx')),
  },
  {
    path: 'risk/loans',
    roles: ['risk', 'admin'],
    page: lazy(() => import('../features/risk/loans-page.tsx')),
  },
  {
    path: 'finance/channels',
    roles: ['finance', 'admin'],
    page: lazy(() => import('../features/finance/channels-page.tsx')),
  },
  {
    path: 'finance/ledger',
    roles: ['finance', 'admin'],
    page: lazy(() => import('../features/finance/ledger-page.tsx')),
  },
  {
    path: 'agent/chat',
    roles: ['agent'],
    page: lazy(() => import('../features/agent/chat-page.tsx')),
  },
  { path: 'admin/users', roles: ['admin'], page: lazy(() => import('../features/admin/users-page.tsx')) },
  { path: 'admin/staff', roles: ['admin'], page: lazy(() => import('../features/admin/staff-page.tsx')) },
  { path: 'admin/orders', roles: ['admin'], page: lazy(() => import('../features/admin/orders-page.tsx')) },
  { path: 'admin/brands', roles: ['admin'], page: lazy(() => import('../features/admin/brands-page.tsx')) },
  { path: 'admin/params', roles: ['admin'], page: lazy(() => import('../features/admin/params-page.tsx')) },
  { path: 'admin/audit', roles: ['admin'], page: lazy(() => import('../features/admin/audit-page.tsx')) },
  { path: 'admin/jobs', roles: ['admin'], page: lazy(() => import('../features/admin/jobs-page.tsx')) },
];

function FirstAllowed() {
  const { t } = useTranslation();
  const session = useConsoleSession();
  const built = new Set(PAGES.map((p) => `/${p.path}`));
  const first = allowedItems(session?.user.roles ?? []).find((i) => built.has(i.path));
  if (first) return <Navigate to={first.path} replace />;
  return <Alert color="yellow">{t('common.noPermissionBody')}</Alert>;
}

export function ConsoleRoutes() {
  return (
    <>
      <ConsoleTitle />
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="/" element={<ConsoleShell />}>
          <Route index element={<FirstAllowed />} />
          {PAGES.map(({ path, roles, page: Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <RoleGate roles={roles}>
                  <Page />
                </RoleGate>
              }
            />
          ))}
          <Route path="*" element={<FirstAllowed />} />
        </Route>
      </Routes>
    </>
  );
}
