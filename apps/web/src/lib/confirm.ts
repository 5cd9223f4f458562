/**
 * `await confirmAction({...})` asks the user before a destructive action and resolves true only on
 * an explicit yes. One dialog at a time; the dialog's code is a lazy chunk (see ConfirmHost).
 */
import { useSyncExternalStore } from 'react';
import { returnFocusTo } from './return-focus.ts';

export interface ConfirmOptions {
  title: string;
  body: string;
  confirmLabel?: string;
  /** Red confirm button for actions that delete or cannot be undone. */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve(ok: boolean): void;
}

let pending: Pending | null = null;
/** What had focus when the question was asked: focus goes back there when the dialog closes. */
let opener: Element | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  opener = document.activeElement;
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

export function settleConfirm(ok: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(ok);
  emit();
  // Once the dialog's closing transition (Mantine's 200 ms) is over and its nodes are gone.
  const asker = opener;
  window.setTimeout(() => returnFocusTo(asker), 260);
}

export function usePendingConfirm(): ConfirmOptions | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => pending,
  );
}
