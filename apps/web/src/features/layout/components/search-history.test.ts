/**
 * Search history rules of SPEC §3/§4 (issue 3): at most 10 distinct keywords, newest first, kept per
 * user; signing in or out resets the search (the visitor's history and the cached last result go).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** An in-memory localStorage: the tests run in Node, where there is none. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  // Each test starts with a fresh module: the box's owner is module state.
  vi.resetModules();
});

const load = () => import('./search-history.ts');
const signIn = (usercode: string) =>
  storage.setItem('userInfo', JSON.stringify({ usercode, username: `user${usercode}`, avatar: 1 }));
const signOut = () => storage.removeItem('userInfo');

describe('search history', () => {
  it('keeps 10 distinct keywords, newest first; a repeated keyword moves to the front', async () => {
    const { readHistory, remember } = await load();
    for (let i = 1; i <= 12; i++) remember(`k${i}`);
    remember('k5');
    expect(readHistory()).toEqual(['k5', 'k12', 'k11', 'k10', 'k9', 'k8', 'k7', 'k6', 'k4', 'k3']);
  });

  it('clears everything of the current user only', async () => {
    const { clearHistory, readHistory, remember } = await load();
    remember('visitor word');
    signIn('100');
    remember('mine');
    clearHistory();
    expect(readHistory()).toEqual([]);
    signOut();
    expect(readHistory()).toEqual(['visitor word']);
  });

  it("keeps each user's history apart", async () => {
    const { readHistory, remember } = await load();
    signIn('100');
    remember('laptop');
    signIn('200');
    expect(readHistory()).toEqual([]);
    remember('sofa');
    signIn('100');
    expect(readHistory()).toEqual(['laptop']);
  });

  it('resets the visitor history and the cached result when the box mounts for another user', async () => {
    const { noteSearchOwner, readHistory, remember } = await load();
    const { readSearchCache, writeSearchCache } = await import('../../../lib/search-cache.ts');
    noteSearchOwner(null);
    remember('shared computer');
    writeSearchCache('shared computer', { goodsList: [], sellerList: [] } as never);
    // A re-mount for the same visitor keeps both.
    noteSearchOwner(null);
    expect(readHistory()).toEqual(['shared computer']);
    expect(readSearchCache()?.keyword).toBe('shared computer');

    signIn('100');
    noteSearchOwner('100');
    remember('mine');
    expect(readSearchCache()).toBeNull();
    signOut();
    noteSearchOwner(null);
    // Signed out: the visitor's list was dropped at sign-in; the user's own list waits for them.
    expect(readHistory()).toEqual([]);
    signIn('100');
    expect(readHistory()).toEqual(['mine']);
  });
});
