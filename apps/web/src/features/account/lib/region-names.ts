/**
 * Country names in the user's language. The server's list (from `country-state-city`) is in
 * English; the browser knows every region's name in every language (Intl.DisplayNames), so the
 * pickers show those and fall back to the English name. What is stored (an address's `nation`)
 * stays the English name, the same whatever language the buyer used.
 */
import { i18next } from '../../../lib/i18n.ts';

/** Our language codes as BCP 47 (Filipino is `ph` in the mall's lists, `fil` to the browser). */
export function bcp47(lang: string): string {
  return lang === 'ph' ? 'fil' : lang;
}

let cached: { lang: string; names: Intl.DisplayNames | undefined } | undefined;

export function regionName(code: string, fallback: string): string {
  const lang = bcp47(i18next.language || 'en');
  if (cached?.lang !== lang) {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'none' });
    } catch {
      names = undefined;
    }
    cached = { lang, names };
  }
  try {
    return cached.names?.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
