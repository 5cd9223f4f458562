import { LANGUAGE_CODES } from '@mall/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../apps/api/src/test/harness.ts';
import { generateCatalogue } from './generate.ts';
import { seedDemoCatalogue } from './seed.ts';

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

describe('demo catalogue generator', () => {
  const data = generateCatalogue({ seed: 7, products: 3000, now: NOW });

  it('is deterministic by seed', () => {
    expect(json(generateCatalogue({ seed: 7, products: 3000, now: NOW }))).toBe(json(data));
    const other = generateCatalogue({ seed: 8, products: 3000, now: NOW });
    expect(other.goods[0]?.name === data.goods[0]?.name && other.goods[1]?.name === data.goods[1]?.name).toBe(
      false,
    );
    // Ids do not depend on the day it runs.
    expect(generateCatalogue({ seed: 7, products: 10, now: NOW + 86_400_000 }).goods[0]?.id).toBe(
      generateCatalogue({ seed: 7, products: 10, now: NOW }).goods[0]?.id,
    );
  });

  it('makes the asked number of goods in a two-level tree, with stores to sell them', () => {
    expect(data.goods).toHaveLength(3000);
    expect(data.categories).toHaveLength(50);
    expect(data.categories.filter((c) => c.parentId === null)).toHaveLength(10);
    expect(data.sellers.length).toBe(19);
    expect(new Set(data.sellers.map((s) => s.name)).size).toBe(data.sellers.length);
    const leafIds = new Set(data.categories.filter((c) => c.parentId !== null).map((c) => c.id));
    expect(data.goods.every((g) => leafIds.has(g.categoryId))).toBe(true);
    // Top-level and subcategory names in all 21 languages.
    expect(Object.keys(data.categories[0]?.names ?? {})).toHaveLength(20);
    for (const c of data.categories) expect(Object.keys(c.names)).toHaveLength(20);
  });

  it('names goods in English, Chinese, Thai and Arabic', () => {
    const share = (re: RegExp) => data.goods.filter((g) => re.test(g.name)).length / data.goods.length;
    expect(share(/[\u4e00-\u9fff]/)).toBeGreaterThan(0.15);
    expect(share(/[\u0e00-\u0e7f]/)).toBeGreaterThan(0.03);
    expect(share(/[\u0600-\u06ff]/)).toBeGreaterThan(0.03);
    expect(share(/^[\x20-\x7e]+$/)).toBeGreaterThan(0.4);
  });

  it('keeps prices, stock and specifications consistent', () => {
    for (const g of data.goods) {
      expect(g.sellingPrice > 0n).toBe(true);
      if (g.discountPrice !== null)
        expect(g.discountPrice < g.sellingPrice && g.discountPrice > 0n).toBe(true);
      expect(g.originalPrice >= g.sellingPrice).toBe(true);
      expect(g.stock >= 0 && g.buyMin >= 1 && g.sold >= 0).toBe(true);
      expect(g.images.length).toBeGreaterThanOrEqual(3);
      expect(new Set(g.specs.map((s) => s.name)).size).toBe(g.specs.length);
      for (const s of g.specs) expect(s.stock === null || s.stock >= 0).toBe(true);
      // Amounts are whole cents.
      expect(g.sellingPrice % 100_000_000n).toBe(0n);
    }
    expect(data.goods.filter((g) => g.specs.length > 0).length).toBeGreaterThan(data.goods.length / 4);
    const hot = data.goods.filter((g) => g.isHot);
    const coldBest = Math.max(...data.goods.filter((g) => !g.isHot).map((g) => g.sold));
    expect(hot.every((g) => g.sold >= coldBest)).toBe(true);
  });

  it('writes reviews of every rating and no figures into banner texts', () => {
    const ratings = new Set(data.reviews.map((r) => r.rating));
    expect([...ratings].sort()).toEqual([1, 2, 3]);
    expect(data.reviews.every((r) => r.images.length <= 9)).toBe(true);
    for (const b of data.banners)
      expect(b.title + b.imageUrl).not.toMatch(/\d{2,}\+?\s*(stores|products|goods)/i);
  });

  it("writes the mall's banners and its activity in every language, each within what a banner draws", () => {
    for (const lang of LANGUAGE_CODES) {
      const own = data.banners.filter((b) => b.lang === lang);
      expect(own.map((b) => b.sort)).toEqual([0, 1, 2, 3, 4]);
      expect(data.activities.filter((a) => a.lang === lang)).toHaveLength(1);
      for (const b of own) {
        const picture = new URL(b.imageUrl, 'http://mall.test').searchParams;
        expect(picture.get('t')).toBe(b.title);
        expect([...(picture.get('t') ?? '')].length).toBeLessThanOrEqual(40);
        expect([...(picture.get('s') ?? '')].length).toBeLessThanOrEqual(60);
      }
      if (lang !== 'en') {
        // Translated, not the English words again.
        const english = data.banners.filter((b) => b.lang === 'en').map((b) => b.title);
        expect(own.map((b) => b.title).filter((title) => english.includes(title))).toEqual([]);
      }
    }
    expect(data.banners.every((b) => b.lang !== undefined && b.lang !== null)).toBe(true);
    const arabic = data.activities.find((a) => a.lang === 'ar');
    expect(arabic?.title).toMatch(/^[\u0600-\u06ff ]+$/);
    expect(arabic?.description).toMatch(/[\u0600-\u06ff]/);
  });
});

/** Scripts a language's text must use (one of) and the other scripts it must not contain. */
const SCRIPTS: Record<string, RegExp> = {
  han: /\p{Script=Han}/u,
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  hangul: /\p{Script=Hangul}/u,
  thai: /\p{Script=Thai}/u,
  arabic: /\p{Script=Arabic}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  greek: /\p{Script=Greek}/u,
  devanagari: /\p{Script=Devanagari}/u,
};
const OWN: Record<string, string[]> = {
  'zh-CN': ['han'],
  'zh-TW': ['han'],
  ja: ['han', 'kana'],
  ko: ['hangul'],
  th: ['thai'],
  ar: ['arabic'],
  ru: ['cyrillic'],
  el: ['greek'],
  hi: ['devanagari'],
};

/** What is wrong with `text` as text in `lang` (empty when nothing). */
function misplaced(text: string, lang: string): string[] {
  const own = OWN[lang] ?? [];
  const wrong = Object.keys(SCRIPTS).filter((k) => !own.includes(k) && SCRIPTS[k]?.test(text));
  if (own.length > 0 && !own.some((k) => SCRIPTS[k]?.test(text))) wrong.push(`no ${own.join('/')}`);
  return wrong.map((w) => `${lang}: ${w} in ${JSON.stringify(text.slice(0, 60))}`);
}

describe('demo catalogue in every language', () => {
  const data = generateCatalogue({ seed: 11, products: 1500, now: NOW });
  const textsOf = <T>(original: T, lang: string | null | undefined, texts: Record<string, T> | undefined) => {
    const all: Record<string, T> = { ...(texts ?? {}) };
    if (lang) all[lang] = original;
    return all;
  };

  it('gives every goods a name and a description in all 21 languages, each in its own script', () => {
    const problems: string[] = [];
    for (const g of data.goods) {
      const all = textsOf({ name: g.name, description: g.description }, g.lang, g.texts);
      expect(Object.keys(all).sort()).toEqual([...LANGUAGE_CODES].sort());
      // The original is not repeated among the translations (an edit of it would leave a stale copy).
      expect(g.lang && g.texts?.[g.lang]).toBeFalsy();
      for (const [lang, text] of Object.entries(all)) {
        problems.push(...misplaced(text.name, lang), ...misplaced(text.description, lang));
      }
      const english = all.en;
      expect(english?.name).toMatch(/^[\x20-\x7e]+$/);
      expect(english?.description).toMatch(/^[\p{Script=Latin}\p{Script=Common}]+$/u);
      // Latin-script languages are translated, not the English text again.
      for (const lang of ['de', 'ms', 'af', 'pt', 'es', 'fr', 'it', 'tr', 'ph', 'id', 'vi']) {
        expect(all[lang]?.description).not.toBe(english?.description);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    // Originals stay in the four languages sellers wrote them in, with descriptions in the same one.
    expect(new Set(data.goods.map((g) => g.lang))).toEqual(new Set(['en', 'zh-CN', 'th', 'ar']));
    for (const g of data.goods.filter((x) => x.lang === 'ar' || x.lang === 'th')) {
      expect(misplaced(g.description, g.lang as string)).toEqual([]);
    }
  });

  it('gives every store and every review with words their text in all 21 languages', () => {
    const problems: string[] = [];
    for (const s of data.sellers) {
      const all = textsOf({ name: s.name, description: s.description }, s.lang, s.texts);
      expect(Object.keys(all).sort()).toEqual([...LANGUAGE_CODES].sort());
      for (const [lang, text] of Object.entries(all)) problems.push(...misplaced(text.description, lang));
      expect(all.en?.name).toMatch(/^[\x20-\x7e]+$/);
    }
    const said = data.reviews.filter((r) => r.content !== '');
    expect(said.length).toBeGreaterThan(data.reviews.length / 2);
    for (const r of said) {
      const all = textsOf(r.content, r.lang, r.texts);
      expect(Object.keys(all).sort()).toEqual([...LANGUAGE_CODES].sort());
      for (const [lang, text] of Object.entries(all)) problems.push(...misplaced(text, lang));
      expect(all.en).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });
});

describeEachDialect('demo catalogue seed', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('seeds an empty database once, even when two processes try together', async () => {
    const options = { seed: 3, products: 400, sellers: 10, now: t.clock.now() };
    const [a, b] = await Promise.all([seedDemoCatalogue(t.db, options), seedDemoCatalogue(t.db, options)]);
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    const again = await seedDemoCatalogue(t.db, options);
    expect(again).toMatchObject({ seeded: false, reason: 'not-empty' });
    const goods = await t.db.kysely
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(goods.n)).toBe(400);
    // Every goods and store in the 20 languages besides its original's.
    for (const table of ['goods_texts', 'seller_texts'] as const) {
      const texts = await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(texts.n)).toBe((table === 'goods_texts' ? 400 : 10) * 20);
    }
  });

  it('answers the calls of the catalogue from the seeded data', async () => {
    const data = generateCatalogue({ seed: 3, products: 400, sellers: 10, now: t.clock.now() });
    const home = (
      await t.app.inject({
        method: 'GET',
        url: '/api/index!home.action',
        headers: { host: 'novamart.localhost' },
      })
    ).json();
    expect(home.data.goodsCount).toBe(data.goods.filter((g) => (g.status ?? 1) === 1).length);
    expect(home.data.sellerCount).toBe(10);
    expect(home.data.homeBanner).toHaveLength(5);
    const chinese = data.goods.find((g) => /[\u4e00-\u9fff]{3}/.test(g.name));
    const substring = /[\u4e00-\u9fff]{3}/.exec(chinese?.name ?? '')?.[0] ?? '';
    const found = (
      await t.app.inject({
        method: 'GET',
        url: `/api/search?keyword=${encodeURIComponent(substring)}&pageSize=100`,
        headers: { host: 'novamart.localhost' },
      })
    ).json();
    expect(found.data.goodsList.map((g: { id: string }) => g.id)).toContain(chinese?.id);
    const image = await t.app.inject({ method: 'GET', url: chinese?.coverUrl ?? '' });
    expect(image.statusCode).toBe(200);
  });
});
