/** Every UI and page string exists in all 21 languages, keeps its placeholders and is translated. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRtl, LANGUAGE_CODES, LANGUAGES, resolveLanguage, toQueryLanguage } from './languages.ts';

type Tree = { [key: string]: string | Tree | Tree[] };

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

const read = (namespace: string, code: string) =>
  flatten(
    JSON.parse(
      readFileSync(new URL(`../locales/${namespace}/${code}.json`, import.meta.url), 'utf8'),
    ) as Tree,
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Plural forms (`days_one`, `days_few`: i18next's suffixes, chosen by Intl.PluralRules) differ by
 * language: English has one and other, Russian one, few and many, Chinese none. Keys are compared
 * without them; each form keeps the placeholders of the base key.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const baseKeys = (messages: Map<string, string>) => [...new Set([...messages.keys()].map(baseKey))].sort();

// Every namespace folder with an English file: features add their own folders.
const root = new URL('../locales/', import.meta.url);
const NAMESPACES = readdirSync(root).filter((d) => existsSync(new URL(`${d}/en.json`, root)));

it('has the shell namespaces', () => {
  expect(NAMESPACES).toEqual(expect.arrayContaining(['ui', 'pages', 'errors']));
});

describe.each(NAMESPACES)('%s locales', (namespace) => {
  const en = read(namespace, 'en');

  it.each(LANGUAGE_CODES.filter((c) => c !== 'en'))(
    '%s has every key, its placeholders and real text',
    (code) => {
      const messages = read(namespace, code);
      expect(baseKeys(messages)).toEqual(baseKeys(en));
      let copies = 0;
      for (const [key, english] of en) {
        if (PLURAL.test(key) && !messages.has(key)) continue;
        const text = messages.get(key) ?? '';
        expect(text.trim(), `${code}:${key}`).not.toBe('');
        expect(placeholders(text), `${code}:${key}`).toEqual(placeholders(english));
        if (text === english && /[a-z]{4}/i.test(english)) copies++;
      }
      for (const [key, text] of messages) {
        if (!PLURAL.test(key)) continue;
        const base = en.get(baseKey(key)) ?? '';
        expect(placeholders(text), `${code}:${key}`).toEqual(placeholders(base));
      }
      // A few words (brand-neutral terms like "Email") may coincide; a copied file may not.
      expect(copies / en.size, `${code} has ${copies} untranslated strings`).toBeLessThan(0.1);
    },
  );
});

describe('language table', () => {
  it('lists the 21 languages of the spec with their query codes', () => {
    expect(LANGUAGES.map((l) => l.query)).toEqual(
      'en cn tw ja de ms af th el pt es fr ru it tr ko ph ar id hi vi'.split(' '),
    );
  });

  it('resolves UI codes, query codes and aliases; unknown gives undefined', () => {
    expect(resolveLanguage('cn')).toBe('zh-CN');
    expect(resolveLanguage('zh-CN')).toBe('zh-CN');
    expect(resolveLanguage('zh_TW')).toBe('zh-TW');
    expect(resolveLanguage('tw')).toBe('zh-TW');
    expect(resolveLanguage('AR')).toBe('ar');
    expect(resolveLanguage('fil')).toBe('ph');
    expect(resolveLanguage('pt-BR')).toBe('pt');
    expect(resolveLanguage('xx')).toBeUndefined();
    expect(resolveLanguage(42)).toBeUndefined();
    expect(resolveLanguage('')).toBeUndefined();
    expect(toQueryLanguage('zh-CN')).toBe('cn');
  });

  it('mirrors ar, ur, fa and pr only', () => {
    expect(LANGUAGE_CODES.filter(isRtl)).toEqual(['ar']);
    expect(['ur', 'fa', 'pr'].every(isRtl)).toBe(true);
  });
});
