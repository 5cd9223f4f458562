/**
 * The error catalogue is a contract with every client: this test fails when a key is unused by
 * code that exists, untranslated in any of the 21 locales, or missing from docs/api/errors.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES } from '@mall/i18n';
import { describe, expect, it } from 'vitest';
import { ERRORS_DOC_PATH, renderErrorsDoc } from '../../../tools/docs/errors-doc.ts';
import { ERROR_KEYS, ERRORS, type ErrorOwner, LOGGED_OUT_CODE } from './errors.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const localeDir = join(root, 'packages/i18n/locales/errors');
const readLocale = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(localeDir, `${code}.json`), 'utf8'));

/** Where an owner's code lives; an owner whose folder does not exist yet is not checked for use. */
const OWNER_DIRS: Record<ErrorOwner, string[]> = {
  core: ['apps/api/src/core'],
  web: ['apps/web/src'],
  subscription: ['apps/api/src/modules/subscription'],
  accounts: ['apps/api/src/modules/accounts'],
  audit: ['apps/api/src/modules/audit'],
  brand: ['apps/api/src/modules/brand'],
  params: ['apps/api/src/modules/params'],
  catalogue: ['apps/api/src/modules/catalogue'],
  orders: ['apps/api/src/modules/orders'],
  wallet: ['apps/api/src/modules/wallet', 'apps/api/src/modules/ledger'],
  loans: ['apps/api/src/modules/loans'],
  chat: ['apps/api/src/modules/chat'],
  notifications: ['apps/api/src/modules/notifications'],
  merchants: ['apps/api/src/modules/merchants', 'apps/api/src/flows/merchants'],
  chain: ['apps/api/src/modules/chain', 'apps/api/src/flows/chain'],
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const appSources = ['apps/api/src', 'apps/web/src', 'apps/console/src']
  .map((d) => join(root, d))
  .filter(existsSync)
  .flatMap(sourceFiles)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe('error catalogue', () => {
  it('has distinct numeric codes, except the 403 family that means "session gone"', () => {
    const seen = new Map<number, string>();
    for (const key of ERROR_KEYS) {
      const { code } = ERRORS[key];
      expect(code, key).not.toBe(0);
      if (code === LOGGED_OUT_CODE) continue;
      expect(seen.get(code), `${key} reuses code ${code}`).toBeUndefined();
      seen.set(code, key);
    }
    const sessionKeys = ERROR_KEYS.filter((k) => ERRORS[k].code === LOGGED_OUT_CODE);
    expect(sessionKeys.sort()).toEqual(['INVALID_TOKEN', 'NOT_LOGGED_IN', 'SESSION_EXPIRED']);
  });

  it('is translated into all 21 languages, without empty or leftover English texts', () => {
    const en = readLocale('en');
    for (const lang of LANGUAGE_CODES) {
      const messages = readLocale(lang);
      expect(Object.keys(messages).sort(), lang).toEqual([...ERROR_KEYS].sort());
      for (const key of ERROR_KEYS) expect(messages[key]?.trim(), `${lang}.${key}`).toBeTruthy();
      if (lang === 'en') continue;
      const copies = ERROR_KEYS.filter((k) => messages[k] === en[k]);
      expect(copies.length, `${lang} keeps English for ${copies.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('keeps zh-CN identical to the Chinese source text', () => {
    const zh = readLocale('zh-CN');
    for (const key of ERROR_KEYS) expect(zh[key], key).toBe(ERRORS[key].zh);
  });

  it('is documented: docs/api/errors.md is current (npm run docs)', () => {
    expect(readFileSync(ERRORS_DOC_PATH, 'utf8')).toBe(renderErrorsDoc());
  });

  it('uses every key whose owning code exists', () => {
    const unused = ERROR_KEYS.filter((key) => {
      const dirs = OWNER_DIRS[ERRORS[key].owner];
      if (!dirs.some((d) => existsSync(join(root, d)))) return false;
      return !appSources.includes(`'${key}'`) && !appSources.includes(`"${key}"`);
    });
    expect(unused).toEqual([]);
  });
});
