/**
 * The message centre's shared state, in the first paint: whether its drawer is open and the unread
 * count the header's badge shows. The count comes from the notifications feature's polling and from
 * `notification` frames of the chat socket (which the chat connection hands over here).
 */
import type { NotificationFrame } from '@mall/contract';
import { useSyncExternalStore } from 'react';

const state = { open: false, unread: 0 };
type State = typeof state;
const listeners = new Set<() => void>();
const frameListeners = new Set<(frame: NotificationFrame) => void>();

function set(patch: Partial<State>): void {
  if (Object.entries(patch).every(([k, v]) => state[k as keyof State] === v)) return;
  Object.assign(state, patch);
  for (const l of listeners) l();
}

function useField<K extends keyof State>(key: K): State[K] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state[key],
    () => state[key],
  );
}

export const setNotificationsOpen = (open: boolean): void => set({ open });
export const useNotificationsOpen = (): boolean => useField('open');
export const setNotificationsUnread = (unread: number): void => set({ unread });
/** Notifications not read yet (the header's badge). */
export const useNotificationsUnread = (): number => useField('unread');

/** A notification pushed over the socket: the badge follows at once, listeners refresh their list. */
export function notificationArrived(frame: NotificationFrame): void {
  set({ unread: frame.unread });
  for (const l of frameListeners) l(frame);
}

export function onNotificationArrived(listener: (frame: NotificationFrame) => void): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}
