/** Local storage keys of SPEC §3, in one place; reads never throw (private mode, quota). */
export const STORAGE_KEYS = {
  token: 'token',
  language: 'language',
  userInfo: 'userInfo',
  agentCode: 'agentCode',
  scroll: 'scroll',
  searchHistory: 'searchHistory',
  deviceId: 'deviceId',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session simply is not remembered.
  }
}

/**
 * This browser's own id, made once and kept (not cleared on logout), sent with login and register
 * so the risk operator sees accounts that share a device. Undefined when storage is unavailable
 * (nothing is sent then, rather than a new id each time).
 */
export function deviceId(): string | undefined {
  const kept = readStorage(STORAGE_KEYS.deviceId);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  // getRandomValues, not randomUUID: the latter exists only on https and localhost.
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  writeStorage(STORAGE_KEYS.deviceId, made);
  return readStorage(STORAGE_KEYS.deviceId) === made ? made : undefined;
}

export interface StoredUser {
  usercode: string;
  username: string;
  avatar: number;
}

export function readUser(): StoredUser | null {
  const raw = readStorage(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredUser>;
    if (typeof parsed.username !== 'string') return null;
    return {
      usercode: String(parsed.usercode ?? ''),
      username: parsed.username,
      avatar: Number(parsed.avatar ?? 1),
    };
  } catch {
    return null;
  }
}

/** Forgets the session locally (logout, or a 403 from the server). */
export function clearSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.userInfo, null);
}
