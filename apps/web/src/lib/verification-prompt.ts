/**
 * A gated call refused for want of a verification level (issue 30: REAL_NAME_REQUIRED or
 * C3_REQUIRED with the policy's reason) becomes a dialog that leads to the verification page and,
 * once the application is sent, back to the page the user was on (`back`). The API client asks
 * for it; the dialog's code is a lazy chunk (components/verification-prompt-host.tsx).
 */
import { isVerificationRefusal, type VerificationRefusalDto } from '@mall/contract';
import { useSyncExternalStore } from 'react';

export interface VerificationPrompt extends VerificationRefusalDto {
  /** Which level the call lacks: a real name first, then C3. */
  level: 'realname' | 'c3';
  /** The page to come back to: path and query of where the refusal happened. */
  back: string;
}

let pending: VerificationPrompt | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** True for an error answer the dialog takes over (the page need not show a toast too). */
export function isVerificationAnswer(key: string | undefined, data: unknown): boolean {
  return (key === 'C3_REQUIRED' || key === 'REAL_NAME_REQUIRED') && isVerificationRefusal(data);
}

export function askToVerify(key: string | undefined, data: unknown): void {
  if (!isVerificationAnswer(key, data)) return;
  const refusal = data as VerificationRefusalDto;
  const here = `${window.location.pathname}${window.location.search}`;
  pending = { ...refusal, level: key === 'REAL_NAME_REQUIRED' ? 'realname' : 'c3', back: here };
  emit();
}

export function closeVerificationPrompt(): void {
  pending = null;
  emit();
}

export function useVerificationPrompt(): VerificationPrompt | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => pending,
  );
}

/** Where `back` may lead: a path of this site only (never another origin). */
export function safeBack(back: string | null): string | null {
  return back?.startsWith('/') && !back.startsWith('//') ? back : null;
}
