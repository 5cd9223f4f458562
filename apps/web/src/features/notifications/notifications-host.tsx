/**
 * The message centre for signed-in users, loaded by the shell when the browser is idle: keeps the
 * header's unread count (a poll every minute and on returning to the tab; socket pushes arrive
 * through lib/notifications-store in between) and mounts the drawer, a further lazy chunk, the
 * first time it opens.
 */
import { NOTIFICATION_POLL_MS } from '@mall/contract';
import { lazy, Suspense, useEffect } from 'react';
import { withErrorTexts } from '../../lib/i18n.ts';
import {
  setNotificationsOpen,
  setNotificationsUnread,
  useNotificationsOpen,
} from '../../lib/notifications-store.ts';
import { useSession } from '../../lib/session.ts';
import { withMantine } from '../../lib/with-mantine.tsx';
import { fetchUnreadCount } from './notifications-api.ts';

const NotificationsDrawer = lazy(withMantine(withErrorTexts(() => import('./notifications-drawer.tsx'))));

let everOpened = false;

function useUnreadPolling(userId: string | null): void {
  useEffect(() => {
    if (!userId) {
      setNotificationsUnread(0);
      return;
    }
    let live = true;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      fetchUnreadCount().then(
        (count) => live && setNotificationsUnread(count),
        () => undefined,
      );
    };
    refresh();
    const timer = window.setInterval(refresh, NOTIFICATION_POLL_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [userId]);
}

export default function NotificationsHost() {
  const session = useSession();
  const userId = session?.token ?? null;
  const open = useNotificationsOpen();
  useUnreadPolling(userId);
  // Signing out closes it, so the next user does not find it open.
  useEffect(() => {
    if (!userId) setNotificationsOpen(false);
  }, [userId]);
  everOpened ||= open;
  if (!userId || !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsDrawer />
    </Suspense>
  );
}
