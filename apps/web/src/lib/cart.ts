/**
 * The shopping cart (SPEC §3, §4): kept in local storage per user (`cart:<usercode>`), under a
 * general key for visitors, and merged into the user's cart at sign-in. Lines carry what the
 * cart shows; prices here are only for display, the server prices every order itself. All lines
 * start checked; a quantity is a whole number from the line's buyMin to the mall's maximum
 * (`mall_max_goods_number_in_order`, kept as `maxBuy`).
 *
 * Shared by features (product pages add, the cart drawer and checkout read), so it lives in lib.
 */
import { useSyncExternalStore } from 'react';
import { currentSession } from './session.ts';
import { readStorage, writeStorage } from './storage.ts';

export interface CartLine {
  /** sellerGoodsId plus the specification: one line per goods and specification. */
  Identifier: string;
  sellerGoodsId: string;
  name: string;
  seller: { id: string; name: string };
  /** Decimal string: the price shown when the line was added (discount price when there is one). */
  price: string;
  count: number;
  buyMin: number;
  /** The specification's name; empty for goods without specifications. */
  checkAttrName: string;
  imgUrl1: string;
  checked: boolean;
}

export type NewCartLine = Omit<CartLine, 'Identifier' | 'checked' | 'count'> & { count?: number };

const GENERAL_KEY = 'cart';
const MAX_BUY_KEY = 'maxBuy';
const DEFAULT_MAX_BUY = 500;

const keyFor = (usercode: string | undefined) => (usercode ? `${GENERAL_KEY}:${usercode}` : GENERAL_KEY);

function readLines(key: string): CartLine[] {
  try {
    const parsed = JSON.parse(readStorage(key) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed as CartLine[]).filter((l) => typeof l?.Identifier === 'string')
      : [];
  } catch {
    return [];
  }
}

export function identifierOf(sellerGoodsId: string, checkAttrName: string): string {
  return checkAttrName ? `${sellerGoodsId}::${checkAttrName}` : sellerGoodsId;
}

/** The largest quantity per line (a config value read at start; 500 until then). */
export function maxBuy(): number {
  const n = Number(readStorage(MAX_BUY_KEY));
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_BUY;
}

export function setMaxBuy(n: number): void {
  if (Number.isInteger(n) && n > 0) writeStorage(MAX_BUY_KEY, String(n));
}

export function clampCount(count: number, buyMin: number): number {
  const min = Math.max(1, buyMin);
  if (!Number.isFinite(count)) return min;
  return Math.min(maxBuy(), Math.max(min, Math.trunc(count)));
}

const listeners = new Set<() => void>();
let cache: { key: string; lines: CartLine[] } | undefined;

function currentKey(): string {
  return keyFor(currentSession()?.user?.usercode);
}

function snapshot(): CartLine[] {
  const key = currentKey();
  if (!cache || cache.key !== key) cache = { key, lines: readLines(key) };
  return cache.lines;
}

function save(lines: CartLine[]): void {
  const key = currentKey();
  writeStorage(key, JSON.stringify(lines));
  cache = { key, lines };
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(GENERAL_KEY)) {
      cache = undefined;
      for (const l of listeners) l();
    }
  });
}

export function cartLines(): CartLine[] {
  return snapshot();
}

/** A server render knows no cart: the browser's lines appear once it hydrates. */
const NO_LINES: CartLine[] = [];
const serverSnapshot = (): CartLine[] => NO_LINES;

export function useCart(): CartLine[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    serverSnapshot,
  );
}

export type AddResult = 'added' | 'already';

/** Adds a line, checked; a goods and specification already in the cart is left as it is. */
export function addToCart(line: NewCartLine): AddResult {
  const Identifier = identifierOf(line.sellerGoodsId, line.checkAttrName);
  const lines = snapshot();
  if (lines.some((l) => l.Identifier === Identifier)) return 'already';
  save([
    ...lines,
    { ...line, Identifier, checked: true, count: clampCount(line.count ?? line.buyMin, line.buyMin) },
  ]);
  return 'added';
}

export function setCount(Identifier: string, count: number): void {
  save(
    snapshot().map((l) => (l.Identifier === Identifier ? { ...l, count: clampCount(count, l.buyMin) } : l)),
  );
}

export function setChecked(Identifiers: readonly string[], checked: boolean): void {
  const ids = new Set(Identifiers);
  save(snapshot().map((l) => (ids.has(l.Identifier) ? { ...l, checked } : l)));
}

export function removeLines(Identifiers: readonly string[]): void {
  const ids = new Set(Identifiers);
  save(snapshot().filter((l) => !ids.has(l.Identifier)));
}

/** After signing in: the visitor's lines join the user's cart (lines already there win). */
export function mergeVisitorCart(usercode: string): void {
  const visitor = readLines(GENERAL_KEY);
  if (visitor.length === 0) return;
  const key = keyFor(usercode);
  const own = readLines(key);
  const known = new Set(own.map((l) => l.Identifier));
  writeStorage(key, JSON.stringify([...own, ...visitor.filter((l) => !known.has(l.Identifier))]));
  writeStorage(GENERAL_KEY, null);
  cache = undefined;
  for (const l of listeners) l();
}

/** SPEC §3: checkout groups the checked lines by seller (title, checked list, checkTotal). */
export function groupBySeller(lines: readonly CartLine[]) {
  const groups = new Map<
    string,
    { sellerId: string; title: string; checked: CartLine[]; checkTotal: number }
  >();
  for (const line of lines) {
    if (!line.checked) continue;
    const group = groups.get(line.seller.id) ?? {
      sellerId: line.seller.id,
      title: line.seller.name,
      checked: [],
      checkTotal: 0,
    };
    group.checked.push(line);
    group.checkTotal += line.count;
    groups.set(line.seller.id, group);
  }
  return [...groups.values()];
}

// --- the drawer --------------------------------------------------------------------------------------

let drawerOpen = false;
const drawerListeners = new Set<() => void>();

export function setCartDrawerOpen(open: boolean): void {
  drawerOpen = open;
  for (const l of drawerListeners) l();
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      drawerListeners.add(l);
      return () => drawerListeners.delete(l);
    },
    () => drawerOpen,
    () => drawerOpen,
  );
}
