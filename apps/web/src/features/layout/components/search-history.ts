import { LIMITS } from '@mall/contract';
import { clearSearchCache } from '../../../lib/search-cache.ts';
import { readStorage, readUser, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';

/** Per user (SPEC §3), a general key for visitors; at most 10 distinct entries, newest first. */
function key(): string {
  const user = readUser();
  return user ? `${STORAGE_KEYS.searchHistory}:${user.usercode}` : STORAGE_KEYS.searchHistory;
}

export function readHistory(): string[] {
  try {
    const parsed = JSON.parse(readStorage(key()) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function remember(keyword: string): string[] {
  const next = [keyword, ...readHistory().filter((k) => k !== keyword)].slice(0, LIMITS.searchHistoryMax);
  writeStorage(key(), JSON.stringify(next));
  return next;
}

export function clearHistory(): void {
  writeStorage(key(), null);
}

// The user the search box last served in this tab (undefined before the first box mounts).
let owner: string | null | undefined;

/**
 * Sign-in and sign-out reset the search (SPEC §4): the box starts empty, the visitor's history
 * (the general key, which the next person at this browser would see) and the cached last result go;
 * a signed-in user's own history stays under their own key.
 */
export function noteSearchOwner(usercode: string | null): void {
  if (owner !== undefined && owner !== usercode) {
    writeStorage(STORAGE_KEYS.searchHistory, null);
    clearSearchCache();
  }
  owner = usercode;
}
