/**
 * The 21 interface languages. `code` is what the UI and locale files use; `query` is the
 * code the spec's clients send as `lang` (SPEC §1). Both are accepted on the wire.
 */
export const LANGUAGES = [
  { code: 'en', query: 'en', name: 'English' },
  { code: 'zh-CN', query: 'cn', name: '简体中文' },
  { code: 'zh-TW', query: 'tw', name: '繁體中文' },
  { code: 'ja', query: 'ja', name: '日本語' },
  { code: 'de', query: 'de', name: 'Deutsch' },
  { code: 'ms', query: 'ms', name: 'Bahasa Melayu' },
  { code: 'af', query: 'af', name: 'Afrikaans' },
  { code: 'th', query: 'th', name: 'ไทย' },
  { code: 'el', query: 'el', name: 'Ελληνικά' },
  { code: 'pt', query: 'pt', name: 'Português' },
  { code: 'es', query: 'es', name: 'Español' },
  { code: 'fr', query: 'fr', name: 'Français' },
  { code: 'ru', query: 'ru', name: 'Русский' },
  { code: 'it', query: 'it', name: 'Italiano' },
  { code: 'tr', query: 'tr', name: 'Türkçe' },
  { code: 'ko', query: 'ko', name: '한국어' },
  { code: 'ph', query: 'ph', name: 'Filipino' },
  { code: 'ar', query: 'ar', name: 'العربية' },
  { code: 'id', query: 'id', name: 'Bahasa Indonesia' },
  { code: 'hi', query: 'hi', name: 'हिन्दी' },
  { code: 'vi', query: 'vi', name: 'Tiếng Việt' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type QueryLanguageCode = (typeof LANGUAGES)[number]['query'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Right-to-left scripts as the spec lists them; only ar is among the 21 shipped today. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'ur', 'fa', 'pr']);

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

const byAnyCode = new Map<string, LanguageCode>();
for (const l of LANGUAGES) {
  byAnyCode.set(l.code.toLowerCase(), l.code);
  byAnyCode.set(l.query.toLowerCase(), l.code);
}
// Common aliases seen from browsers and older clients.
byAnyCode.set('zh', 'zh-CN');
byAnyCode.set('zh-hans', 'zh-CN');
byAnyCode.set('zh-hant', 'zh-TW');
byAnyCode.set('zh-hk', 'zh-TW');
byAnyCode.set('fil', 'ph');
byAnyCode.set('tl', 'ph');
byAnyCode.set('in', 'id');

/** Resolves a UI code, a query code or a common alias; unknown or empty gives undefined. */
export function resolveLanguage(input: unknown): LanguageCode | undefined {
  if (typeof input !== 'string' || input.length === 0 || input.length > 16) return undefined;
  // Nearly every request names a code as it is listed (`lang=en`): no copies made for those.
  const exact = byAnyCode.get(input);
  if (exact) return exact;
  const lower = input.trim().toLowerCase().replace('_', '-');
  return byAnyCode.get(lower) ?? byAnyCode.get(lower.split('-')[0] ?? '');
}

/** The code the spec's clients expect in `lang` query parameters. */
export function toQueryLanguage(code: LanguageCode): QueryLanguageCode {
  const found = LANGUAGES.find((l) => l.code === code);
  return found ? found.query : 'en';
}

export function isRtl(code: string): boolean {
  return RTL_LANGUAGES.has(code);
}
