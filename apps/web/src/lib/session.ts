/**
 * The signed-in session as the storefront knows it: the token and the user's basic profile in
 * local storage (SPEC §3 keys), with subscribers so the header and pages follow sign-in and
 * sign-out at once. The server stays the judge: a 403 from any call clears this (api-client).
 */
import { useSyncExternalStore } from 'react';
import {
  clearSession,
  readStorage,
  readUser,
  STORAGE_KEYS,
  type StoredUser,
  writeStorage,
} from './storage.ts';

export interface Session {
  token: string;
  user: StoredUser | null;
}

const listeners = new Set<() => void>();
let snapshot: Session | null | undefined;

function read(): Session | null {
  const token = readStorage(STORAGE_KEYS.token);
  return token ? { token, user: readUser() } : null;
}

function emit(): void {
  snapshot = read();
  for (const l of listeners) l();
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.userInfo || event.key === null) emit();
  });
}

export function currentSession(): Session | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

/** A server render is for everyone: signed out; the browser's session shows once it hydrates. */
const signedOut = (): null => null;

export function useSession(): Session | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentSession,
    signedOut,
  );
}

export function startSession(token: string, user: StoredUser): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(user));
  emit();
}

export function updateSessionUser(user: StoredUser): void {
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(user));
  emit();
}

export function endSession(): void {
  clearSession();
  emit();
}
