/**
 * `await ask({...})` before an action: a confirmation, optionally with fields to fill (a reason, a
 * transaction hash, an amount). Resolves with the values on confirm, undefined on cancel. One dialog
 * at a time (components/ask-dialog.tsx renders it).
 */
import { useSyncExternalStore } from 'react';

export interface AskField {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  initial?: string;
  /** Keeps codes and amounts left to right inside right-to-left text. */
  ltr?: boolean;
}

export interface AskOptions {
  title: string;
  body?: string;
  confirmLabel?: string;
  danger?: boolean;
  fields?: AskField[];
}

interface Pending extends AskOptions {
  resolve(values: Record<string, string> | undefined): void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function ask(options: AskOptions): Promise<Record<string, string> | undefined> {
  pending?.resolve(undefined);
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

export function settleAsk(values: Record<string, string> | undefined): void {
  const current = pending;
  pending = null;
  current?.resolve(values);
  emit();
}

export function usePendingAsk(): AskOptions | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
  );
}
