/**
 * The console's own sign-in, kept apart from the storefront's (`console.session`), so a staff
 * member shopping on the storefront in the same browser does not mix the two. A 403 from any call
 * ends it (lib/api.ts).
 */
import type { LocalUserDto, Role } from '@mall/contract';
import { useSyncExternalStore } from 'react';

const KEY = 'console.session';

export interface ConsoleSession {
  token: string;
  user: Pick<LocalUserDto, 'id' | 'username' | 'roles'>;
}

const listeners = new Set<() => void>();
let current: ConsoleSession | null | undefined;

function read(): ConsoleSession | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as ConsoleSession | null;
    return parsed && typeof parsed.token === 'string' && Array.isArray(parsed.user?.roles) ? parsed : null;
  } catch {
    return null;
  }
}

export function consoleSession(): ConsoleSession | null {
  if (current === undefined) current = read();
  return current;
}

export function useConsoleSession(): ConsoleSession | null {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, consoleSession);
}

export function startConsoleSession(session: ConsoleSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  current = session;
  for (const l of listeners) l();
}

export function endConsoleSession(): void {
  localStorage.removeItem(KEY);
  current = null;
  for (const l of listeners) l();
}

const RETURN_KEY = 'console.sessionEndedAt';

/**
 * The server ended the session (signed out elsewhere, password changed, expired): remember the
 * page, so the sign-in page says why it is shown and returns there (issue 30).
 */
export function endConsoleSessionFrom(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Storage refused (private mode): the sign-in still works, without the message.
  }
  endConsoleSession();
}

/** The page a session ended on, if the sign-in page is shown because of that. */
export function endedSessionPage(): string | null {
  try {
    return sessionStorage.getItem(RETURN_KEY);
  } catch {
    return null;
  }
}

export function forgetEndedSession(): void {
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing to forget.
  }
}

export function hasRole(session: ConsoleSession | null, ...roles: Role[]): boolean {
  return Boolean(session?.user.roles.some((r) => roles.includes(r)));
}
