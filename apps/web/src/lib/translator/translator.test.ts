import { describe, expect, it, vi } from 'vitest';
import { useTranslation } from './react.ts';
import { type Namespace, Translator } from './translator.ts';

const files: Record<string, Namespace> = {
  'en|ui': {
    hello: 'Hello {{name}}',
    nested: { deep: 'Deep {{user.name}}' },
    only: 'English only',
    items_zero: 'No items',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    list: ['one {{brand}}', { title: 'T {{brand}}' }],
    empty: '',
  },
  'ru|ui': {
    hello: 'Привет {{name}}',
    items_one: '{{count}} товар',
    items_few: '{{count}} товара',
    items_many: '{{count}} товаров',
    items_other: '{{count}} товара',
  },
  'ar|ui': {
    items_zero: 'لا عناصر',
    items_one: 'عنصر واحد',
    items_two: 'عنصران',
    items_few: '{{count}} عناصر',
    items_many: '{{count}} عنصرًا',
    items_other: '{{count}} عنصر',
  },
  'zh-CN|ui': { items_other: '{{count}} 件' },
  'en|shop': { title: 'Shop', hello: 'Shop hello' },
  'ru|shop': { title: 'Магазин' },
};

async function make(lng: string, ns: string[] = ['ui']) {
  const load = vi.fn((language: string, namespace: string) => {
    const data = files[`${language}|${namespace}`];
    return data ? Promise.resolve(data) : undefined;
  });
  const tr = new Translator();
  await tr.init({ lng, fallbackLng: 'en', defaultNS: 'ui', ns, load });
  return { tr, load };
}

// Called outside a component here (it uses no React state), under a name the hook rule leaves alone.
const hook = useTranslation;

describe('translator', () => {
  it('plurals in English, with the exact-zero form', async () => {
    const { tr } = await make('en');
    expect(tr.t('items', { count: 0 })).toBe('No items');
    expect(tr.t('items', { count: 1 })).toBe('1 item');
    expect(tr.t('items', { count: 5 })).toBe('5 items');
  });

  it('plurals in Russian (one, few, many) and zero falling to English _zero', async () => {
    const { tr } = await make('ru');
    expect(tr.t('items', { count: 1 })).toBe('1 товар');
    expect(tr.t('items', { count: 21 })).toBe('21 товар');
    expect(tr.t('items', { count: 3 })).toBe('3 товара');
    expect(tr.t('items', { count: 5 })).toBe('5 товаров');
    expect(tr.t('items', { count: 1.5 })).toBe('1.5 товара');
    // i18next looks for `items_zero` in Russian first, then `items_many`: found in Russian.
    expect(tr.t('items', { count: 0 })).toBe('0 товаров');
  });

  it('plurals in Arabic (all six forms) and Chinese (other only)', async () => {
    const ar = (await make('ar')).tr;
    expect([0, 1, 2, 3, 11, 100].map((count) => ar.t('items', { count }))).toEqual([
      'لا عناصر',
      'عنصر واحد',
      'عنصران',
      '3 عناصر',
      '11 عنصرًا',
      '100 عنصر',
    ]);
    const zh = (await make('zh-CN')).tr;
    expect(zh.t('items', { count: 1 })).toBe('1 件');
    expect(zh.t('items', { count: 7 })).toBe('7 件');
  });

  it('interpolates, leaves unknown placeholders, reads nested values', async () => {
    const { tr } = await make('en');
    expect(tr.t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(tr.t('hello')).toBe('Hello {{name}}');
    expect(tr.t('nested.deep', { user: { name: 'Bo' } })).toBe('Deep Bo');
    expect(tr.t('hello', { name: '<b>' })).toBe('Hello <b>');
  });

  it('falls back to English for a missing key, then to defaultValue or the key', async () => {
    const { tr, load } = await make('ru');
    expect(load).toHaveBeenCalledWith('ru', 'ui');
    expect(load).toHaveBeenCalledWith('en', 'ui');
    expect(tr.t('only')).toBe('English only');
    expect(tr.t('hello', { name: 'Ива' })).toBe('Привет Ива');
    expect(tr.t('missing.key')).toBe('missing.key');
    expect(tr.t('missing', { defaultValue: 'Dflt {{n}}', n: 2 })).toBe('Dflt 2');
    expect(tr.t('empty')).toBe('');
    expect(tr.t('hello', { lng: 'en', name: 'X' })).toBe('Hello X');
  });

  it('returns arrays and objects with their strings interpolated', async () => {
    const { tr } = await make('en');
    expect(tr.t('list', { returnObjects: true, brand: 'M' })).toEqual(['one M', { title: 'T M' }]);
    expect(tr.t('nested', { returnObjects: true, user: { name: 'Z' } })).toEqual({ deep: 'Deep Z' });
  });

  it('exists, namespaces, ns option and ns: prefix', async () => {
    const { tr } = await make('ru', ['ui', 'shop']);
    expect(tr.exists('only')).toBe(true);
    expect(tr.exists('nope')).toBe(false);
    expect(tr.exists('title')).toBe(false);
    expect(tr.exists('title', { ns: 'shop' })).toBe(true);
    expect(tr.t('title', { ns: 'shop' })).toBe('Магазин');
    expect(tr.t('shop:title')).toBe('Магазин');
    expect(tr.t('ui:missing')).toBe('missing');
    const t = tr.getFixedT(['shop', 'ui']);
    expect(t('hello', { name: 'A' })).toBe('Shop hello');
    expect(t('only')).toBe('English only');
    expect(t('ui:hello', { name: 'A' })).toBe('Привет A');
    expect(tr.getFixedT(['shop', 'ui'])).toBe(t);
    expect(tr.language).toBe('ru');
    expect(tr.dir()).toBe('ltr');
    expect(tr.dir('ar')).toBe('rtl');
  });

  it('loads a namespace once, in the language and English; a failed chunk counts as loaded', async () => {
    const { tr, load } = await make('ru');
    expect(tr.hasLoadedNamespace('shop')).toBe(false);
    await Promise.all([tr.loadNamespaces('shop'), tr.loadNamespaces(['shop'])]);
    expect(tr.hasLoadedNamespace('shop')).toBe(true);
    expect(load.mock.calls.filter(([, ns]) => ns === 'shop')).toEqual([
      ['ru', 'shop'],
      ['en', 'shop'],
    ]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Translator();
    await broken.init({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'ui',
      load: () => Promise.reject(new Error('x')),
    });
    expect(broken.hasLoadedNamespace('ui')).toBe(true);
    expect(broken.t('a.b')).toBe('a.b');
    error.mockRestore();
  });
});

describe('useTranslation', () => {
  it('suspends until its namespaces are loaded, then hands out a stable t', async () => {
    const { i18next } = await import('./translator.ts');
    await i18next.init({
      lng: 'ru',
      fallbackLng: 'en',
      defaultNS: 'ui',
      load: (language, namespace) => {
        const data = files[`${language}|${namespace}`];
        return data ? Promise.resolve(data) : undefined;
      },
    });
    let thrown: unknown;
    try {
      hook(['shop', 'ui']);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    const { t, i18n } = hook(['shop', 'ui']);
    expect(t('title')).toBe('Магазин');
    expect(t('only')).toBe('English only');
    expect(hook(['shop', 'ui']).t).toBe(t);
    expect(hook().t('hello', { name: 'Я' })).toBe('Привет Я');
    expect(i18n).toBe(i18next);
  });
});
