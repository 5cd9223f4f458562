/**
 * Mounts the customer-service layer (a lazy chunk) when the browser is first idle, or at once when
 * someone opens the window sooner: it keeps the chat's connection for the header's unread badge and
 * shows the window while it is open. None of its code is in the first load.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { withErrorTexts } from '../lib/i18n.ts';
import { useServiceDialogOpen } from '../lib/service-dialog-store.ts';
import { useSession } from '../lib/session.ts';
import { whenIdle } from './deferred.tsx';

const ServiceDialog = lazy(withErrorTexts(() => import('./service-dialog.tsx')));

export function ServiceDialogHost() {
  const open = useServiceDialogOpen();
  const [idle, setIdle] = useState(false);
  // A visitor's window opens when asked; a signed-in user's connection keeps the header's badge.
  const signedIn = useSession() !== null;
  useEffect(() => (signedIn ? whenIdle(() => setIdle(true)) : undefined), [signedIn]);
  if (!open && !idle) return null;
  return (
    <Suspense fallback={null}>
      <ServiceDialog />
    </Suspense>
  );
}
