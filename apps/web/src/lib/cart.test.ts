/**
 * The cart's rules (SPEC §3-§5) on a stand-in local storage: one cart per usercode and a general one
 * for visitors, merged at sign-in; lines start checked; quantities whole numbers from buyMin to
 * maxBuy; a goods and specification only once; checkout groups by seller with checkTotal.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, NewCartLine } from './cart.ts';

const session = vi.hoisted(() => ({ usercode: undefined as string | undefined }));
vi.mock('./session.ts', () => ({
  currentSession: () => (session.usercode ? { user: { usercode: session.usercode } } : null),
}));

const store = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
  addEventListener: () => undefined,
});

const cart = await import('./cart.ts');

const line = (sellerGoodsId: string, extra: Partial<NewCartLine> = {}): NewCartLine => ({
  sellerGoodsId,
  name: `Goods ${sellerGoodsId}`,
  seller: { id: 's1', name: 'Store one' },
  price: '10',
  buyMin: 1,
  checkAttrName: '',
  imgUrl1: '/x.png',
  ...extra,
});

const stored = (key: string) => JSON.parse(store.get(key) ?? '[]') as CartLine[];

/** Signs in or out: the cart reads the key of whoever is signed in now. */
function as(usercode: string | undefined) {
  session.usercode = usercode;
}

describe('cart', () => {
  beforeEach(() => {
    store.clear();
    // The module caches the last key it read: reading another key once makes it read again.
    as('nobody');
    cart.cartLines();
    as(undefined);
  });

  it('keeps a visitor cart under the general key and each user under cart:<usercode>', () => {
    expect(cart.addToCart(line('g1'))).toBe('added');
    expect(stored('cart').map((l) => l.Identifier)).toEqual(['g1']);
    as('u100');
    expect(cart.cartLines()).toEqual([]);
    cart.addToCart(line('g2'));
    expect(stored('cart:u100').map((l) => l.Identifier)).toEqual(['g2']);
    as('u200');
    expect(cart.cartLines()).toEqual([]);
    as('u100');
    expect(cart.cartLines().map((l) => l.Identifier)).toEqual(['g2']);
  });

  it("merges the visitor's lines at sign-in; the user's own lines win, the general cart empties", () => {
    cart.addToCart(line('g1', { count: 3 }));
    cart.addToCart(line('g2', { count: 4 }));
    as('u100');
    cart.addToCart(line('g2', { count: 7 }));
    cart.mergeVisitorCart('u100');
    expect(cart.cartLines().map((l) => [l.Identifier, l.count])).toEqual([
      ['g2', 7],
      ['g1', 3],
    ]);
    expect(store.has('cart')).toBe(false);
  });

  it('starts every line checked, and refuses a goods and specification already in the cart', () => {
    cart.addToCart(line('g1', { checkAttrName: 'M' }));
    expect(cart.addToCart(line('g1', { checkAttrName: 'M', count: 5 }))).toBe('already');
    expect(cart.addToCart(line('g1', { checkAttrName: 'L' }))).toBe('added');
    expect(cart.cartLines().map((l) => [l.Identifier, l.checked, l.count])).toEqual([
      ['g1::M', true, 1],
      ['g1::L', true, 1],
    ]);
  });

  it('keeps quantities whole, from buyMin up to maxBuy (500 unless configured)', () => {
    cart.addToCart(line('g1', { buyMin: 3 }));
    expect(cart.cartLines()[0]?.count).toBe(3);
    for (const [typed, kept] of [
      [0, 3],
      [-4, 3],
      [7.9, 7],
      [Number.NaN, 3],
      [9999, 500],
    ] as const) {
      cart.setCount('g1', typed);
      expect(cart.cartLines()[0]?.count, String(typed)).toBe(kept);
    }
    cart.setMaxBuy(20);
    cart.setCount('g1', 9999);
    expect(cart.cartLines()[0]?.count).toBe(20);
    cart.setMaxBuy(0);
    expect(cart.maxBuy()).toBe(20);
  });

  it('groups the checked lines by seller with their checkTotal', () => {
    cart.addToCart(line('g1', { count: 2 }));
    cart.addToCart(line('g2', { count: 3 }));
    cart.addToCart(line('g3', { seller: { id: 's2', name: 'Store two' }, count: 5 }));
    cart.setChecked(['g2'], false);
    expect(
      cart.groupBySeller(cart.cartLines()).map((g) => [g.title, g.checked.length, g.checkTotal]),
    ).toEqual([
      ['Store one', 1, 2],
      ['Store two', 1, 5],
    ]);
  });
});
