import { lazy, Suspense, useCallback, useEffect } from 'react';
import { startChatLink } from '../features/chat/chat-link.ts';
import { setServiceDialogOpen, useServiceDialogOpen } from '../lib/service-dialog-store.ts';
import { useSession } from '../lib/session.ts';

const ChatWindow = lazy(() =>
  import('../features/chat/chat-window.tsx').then((m) => ({ default: m.ChatWindow })),
);

/**
 * The customer-service layer, loaded after the first paint: keeps the chat's connection on the
 * current session (the header's unread badge; visitors only once they have chatted) and shows the
 * live chat window (features/chat) while it is open.
 */
export default function ServiceDialog() {
  const open = useServiceDialogOpen();
  const token = useSession()?.token ?? null;
  const close = useCallback(() => setServiceDialogOpen(false), []);
  useEffect(() => startChatLink(token), [token]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChatWindow onClose={close} />
    </Suspense>
  );
}
