/** Day counts read from the real locale files (issue 30: pages said "1 days"). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Namespace, Translator } from './translator.ts';

const file = (namespace: string, lang: string): Namespace | undefined =>
  lang === 'zh'
    ? undefined
    : JSON.parse(
        readFileSync(
          new URL(`../../../../../packages/i18n/locales/${namespace}/${lang}.json`, import.meta.url),
          'utf8',
        ),
      );

async function translator(lang: string) {
  const t = new Translator();
  await t.init({
    lng: lang,
    fallbackLng: 'en',
    defaultNS: 'loans',
    ns: ['loans', 'catalogue'],
    // A language without a file (`zh` for `zh-CN`) is an empty namespace, as lib/i18n.ts has it.
    load: (language, namespace) => Promise.resolve(file(namespace, language) ?? {}),
  });
  return t;
}

describe('plural day counts from the locale files', () => {
  it('says "1 day" and "30 days" in English, by the count', async () => {
    const t = await translator('en');
    expect(t.t('common.days', { days: 1, count: 1 })).toBe('1 day');
    expect(t.t('common.days', { days: 30, count: 30 })).toBe('30 days');
    expect(t.t('landing.payoutDays', { days: 1, count: 1 })).toBe('Within 1 day of approval');
    expect(t.t('freight.returns', { ns: 'catalogue', days: 1, count: 1 })).toBe(
      'Returns accepted within 1 day of delivery.',
    );
  });

  it('takes each language its own forms: German, Arabic (one, few, many), Chinese (none)', async () => {
    const de = await translator('de');
    expect(de.t('common.days', { days: 1, count: 1 })).toBe('1 Tag');
    expect(de.t('common.days', { days: 7, count: 7 })).toBe('7 Tage');
    const ar = await translator('ar');
    expect(ar.t('common.days', { days: 3, count: 3 })).toBe('3 أيام');
    expect(ar.t('common.days', { days: 30, count: 30 })).toBe('30 يومًا');
    const zh = await translator('zh-CN');
    expect(zh.t('common.days', { days: 1, count: 1 })).toBe('1 天');
  });
});
