import { TIMERS } from '@mall/contract';
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

/** True once a toast has been raised: the shell then mounts the toast host (app-shell.tsx). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
}

const lastShown = new Map<string, number>();

/**
 * A toast; the same message within 500 ms (SPEC §9) is shown once. The toast machinery is a lazy
 * chunk: a toast raised before it arrives waits in Mantine's store and shows once the host mounts.
 */
export function notify(message: string, kind: 'error' | 'success' = 'error'): void {
  const now = Date.now();
  const last = lastShown.get(message) ?? 0;
  if (now - last < TIMERS.errorToastDebounceMs) return;
  lastShown.set(message, now);
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ message, color: kind === 'error' ? 'red' : 'green', autoClose: 4000 }),
  );
}
