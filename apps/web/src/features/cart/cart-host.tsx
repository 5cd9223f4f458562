/**
 * Mounts the cart (the floating button and the drawer, a further lazy chunk) for signed-in users
 * only (SPEC §2): at once on the routes that show the floating button, anywhere else the first time
 * something opens the drawer. The shell loads this host itself when the browser is idle
 * (`Deferred`), so nothing of the cart is in the first paint; a drawer opened before that (a
 * product page's "add to cart") opens as soon as the host arrives, since the state is in lib/cart.
 */
import { lazy, Suspense } from 'react';
import { useCartDrawerOpen } from '../../lib/cart.ts';
import { withErrorTexts } from '../../lib/i18n.ts';
import { useLocation } from '../../lib/router/router.tsx';
import { useSession } from '../../lib/session.ts';
import { withMantine } from '../../lib/with-mantine.tsx';

const CartOverlay = lazy(withMantine(withErrorTexts(() => import('./cart-overlay.tsx'))));

/** SPEC §2: the floating cart button shows on these routes only. */
const BUTTON_ROUTES = new Set([
  '/index',
  '/classification',
  '/commodity',
  '/information',
  '/productDetails',
  '/store',
  '/discounted',
  '/userInfo/dashboard',
]);

let everNeeded = false;

export default function CartHost() {
  const signedIn = useSession() !== null;
  const { pathname } = useLocation();
  const open = useCartDrawerOpen();
  const withButton = BUTTON_ROUTES.has(pathname);
  everNeeded ||= signedIn && (open || withButton);
  if (!signedIn || !everNeeded) return null;
  return (
    <Suspense fallback={null}>
      <CartOverlay withButton={withButton} />
    </Suspense>
  );
}
