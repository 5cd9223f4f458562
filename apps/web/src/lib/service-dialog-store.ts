/**
 * The customer-service window's shared state: whether it is open (header, footer, URL rules),
 * the goods it was opened about (product and store pages), and the unread count the header badge
 * shows (fed by the chat's connection once it has loaded). Tiny on purpose: it is in the first paint.
 */
import { useSyncExternalStore } from 'react';

const state = { open: false, productId: null as string | null, unread: 0 };
type State = typeof state;
const listeners = new Set<() => void>();

function set(patch: Partial<State>): void {
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

export const setServiceDialogOpen = (open: boolean): void => set({ open });

/** Opens the service chat, about a goods when a product or store page passes its id. */
export function openServiceChat(options: { productId?: string | number | null } = {}): void {
  const id = options.productId;
  set(id === undefined || id === null || id === '' ? { open: true } : { open: true, productId: String(id) });
}

export const useServiceDialogOpen = (): boolean => useField('open');
/** The goods the chat was opened about, until the customer sends a message or removes it. */
export const useServiceProductId = (): string | null => useField('productId');
export const clearServiceProductId = (): void => set({ productId: null });
export const setServiceUnread = (unread: number): void => {
  if (unread !== state.unread) set({ unread });
};
/** Replies the customer has not read yet (the header's badge). */
export const useServiceUnread = (): number => useField('unread');
