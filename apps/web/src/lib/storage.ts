/** Local storage keys of SPEC §3, in one place; reads never throw (private mode, quota). */
export const STORAGE_KEYS = {
  token: 'token',
  language: 'language',
  userInfo: 'userInfo',
  agentCode: 'agentCode',
  scroll: 'scroll',
  searchHistory: 'searchHistory',
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
