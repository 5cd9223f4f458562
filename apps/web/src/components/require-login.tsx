/**
 * Pages that belong to a signed-in user: a visitor is sent to sign in and comes back afterwards
 * (the path to return to travels in `redirect`).
 */
import type { ReactNode } from 'react';
import { withLang } from '../lib/nav.tsx';
import { Navigate, useLocation } from '../lib/router/router.tsx';
import { useSession } from '../lib/session.ts';

export function loginPathFor(pathname: string, search: string): string {
  const back = new URLSearchParams(search);
  back.delete('lang');
  const query = back.toString();
  return `/login?redirect=${encodeURIComponent(`${pathname}${query ? `?${query}` : ''}`)}`;
}

export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={withLang(loginPathFor(pathname, search))} replace />;
  return children;
}
