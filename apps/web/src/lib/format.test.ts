import { LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCount } from './format.ts';
import { type RenderContext, setRenderContextSource } from './render-context.ts';

/** The page language, as a server render sets it (no document here). */
function applyLanguage(language: LanguageCode): void {
  setRenderContextSource(() => ({ language }) as RenderContext);
}

/** What the browser's own formatter writes: the table in format.ts must say the same. */
function intl(lang: LanguageCode, n: number): string {
  return new Intl.NumberFormat(lang === 'ph' ? 'fil' : lang, { numberingSystem: 'latn' }).format(n);
}

const samples = [0, 1, 1234, 12345, 123456, 1234567];
for (let digits = 1; digits <= 15; digits++) samples.push(10 ** digits - 1, 10 ** digits);
// Counts of every size, seeded so a failure names the same numbers again.
let seed = 27;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
for (let i = 0; i < 200; i++) samples.push(Math.floor(random() ** 3 * Number.MAX_SAFE_INTEGER));

describe('formatCount', () => {
  afterEach(() => setRenderContextSource(() => undefined));

  it.each(LANGUAGE_CODES)('groups like Intl.NumberFormat in %s', (lang) => {
    applyLanguage(lang);
    for (const n of samples) {
      expect(formatCount(n), `${n}`).toBe(intl(lang, n));
      expect(formatCount(-n || -1), `${-n || -1}`).toBe(intl(lang, -n || -1));
    }
  });

  it('leaves what is not a whole count to Intl', () => {
    applyLanguage('de');
    expect(formatCount(1234.5)).toBe('1.234,5');
  });
});
