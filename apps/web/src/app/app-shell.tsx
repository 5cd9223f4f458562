import { Suspense, useEffect } from 'react';
import { BackToTop } from '../components/back-to-top.tsx';
import { ConfirmHost } from '../components/confirm-host.tsx';
import { Deferred } from '../components/deferred.tsx';
import { ServiceDialogHost } from '../components/service-dialog-host.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { VerificationPromptHost } from '../components/verification-prompt-host.tsx';
import { LotteryBox } from '../features/layout/components/lottery-box.tsx';
import { SiteFooter } from '../features/layout/components/site-footer.tsx';
import { SiteHeader } from '../features/layout/components/site-header.tsx';
import { useToastsWanted } from '../lib/notify.ts';
import { Outlet, useLocation } from '../lib/router/router.tsx';
import { useSession } from '../lib/session.ts';
import { withMantine } from '../lib/with-mantine.tsx';
import { NavigationRules } from './navigation-rules.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { RouteTitle } from './route-title.tsx';
import { SessionKeeper } from './session-keeper.tsx';

const loadToasts = withMantine(() => import('../components/toasts.tsx'));
const loadCart = () => import('../features/cart/cart-host.tsx');
const loadNotifications = () => import('../features/notifications/notifications-host.tsx');

/**
 * Marks the page as answering (`<html data-hydrated>`) once the route's page is live: a page the
 * server rendered is visible before its buttons work, and the browser tests wait for this.
 */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function AppShell() {
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  // The toast machinery arrives with the first toast (lib/notify.ts), not with the page.
  const toastsWanted = useToastsWanted();
  return (
    <>
      <NavigationRules />
      <RouteTitle />
      <SessionKeeper />
      <SkipLink target="main-content" />
      <SiteHeader />
      <main className="site-main" id="main-content" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <Outlet />
            <Hydrated />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <BackToTop />
      <LotteryBox />
      <ServiceDialogHost />
      {/* A visitor has neither cart nor messages: their code loads for a signed-in user only. */}
      {signedIn && <Deferred load={loadCart} />}
      {signedIn && <Deferred load={loadNotifications} />}
      <ConfirmHost />
      <VerificationPromptHost />
      {toastsWanted && <Deferred load={loadToasts} />}
    </>
  );
}
