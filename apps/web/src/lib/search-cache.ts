/**
 * The last keyword search and its answer (SPEC §3 "search result" in local storage): searching the
 * same keyword again reuses it instead of asking the server (SPEC §4), and the results page shows it
 * at once. Dropped at sign-in and sign-out with the search history.
 */
import type { SearchDto } from '@mall/contract';
import { readStorage, writeStorage } from './storage.ts';

const KEY = 'searchResult';

export interface CachedSearch {
  keyword: string;
  result: SearchDto;
}

export function readSearchCache(): CachedSearch | null {
  try {
    const parsed = JSON.parse(readStorage(KEY) ?? 'null') as CachedSearch | null;
    return parsed && typeof parsed.keyword === 'string' && Array.isArray(parsed.result?.goodsList)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function writeSearchCache(keyword: string, result: SearchDto): void {
  writeStorage(KEY, JSON.stringify({ keyword, result }));
}

export function clearSearchCache(): void {
  writeStorage(KEY, null);
}
