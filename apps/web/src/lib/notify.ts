import { TIMERS } from '@mall/contract';

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
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ message, color: kind === 'error' ? 'red' : 'green', autoClose: 4000 }),
  );
}
