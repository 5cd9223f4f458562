/**
 * SPEC §2 navigation rules that hold on every page: /index gets its stored scroll position back,
 * other routes start at the top; a `code` parameter is kept as the agent code; a `customerService`
 * or `customer-service` parameter opens the service dialog.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from '../lib/router/router.tsx';
import { setServiceDialogOpen } from '../lib/service-dialog-store.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.ts';

export function NavigationRules() {
  const { pathname, search } = useLocation();

  useLayoutEffect(() => {
    if (pathname !== '/index') {
      window.scrollTo(0, 0);
      return;
    }
    const stored = Number(readStorage(STORAGE_KEYS.scroll) ?? 0);
    // The home page's blocks arrive after the route (lazy chunks, data): scroll back once the page
    // is tall enough (at most 3 s). Until then nothing scrolls but the visitor, so a scroll event
    // means they moved themself: their position wins and is remembered from then on.
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= stored;
      if (reachable || performance.now() - started > 3000) window.scrollTo(0, stored);
      else frame = requestAnimationFrame(restore);
    };
    if (stored > 0) frame = requestAnimationFrame(restore);
    const remember = () => {
      cancelAnimationFrame(frame);
      writeStorage(STORAGE_KEYS.scroll, String(Math.round(window.scrollY)));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [pathname]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const code = params.get('code');
    if (code && /^[A-Za-z0-9_-]{1,32}$/.test(code)) writeStorage(STORAGE_KEYS.agentCode, code);
    if (params.has('customerService') || params.has('customer-service')) setServiceDialogOpen(true);
  }, [search]);

  return null;
}
