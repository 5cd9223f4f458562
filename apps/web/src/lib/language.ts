import {
  DEFAULT_LANGUAGE,
  isRtl,
  LANGUAGES,
  type LanguageCode,
  resolveLanguage,
  toQueryLanguage,
} from '@mall/i18n';
import { currentBrand } from './brand.ts';
import { renderContext } from './render-context.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** Languages this brand offers (one brand hides Chinese). */
export function offeredLanguages() {
  const hidden = new Set<string>(currentBrand().hiddenLanguages);
  return LANGUAGES.filter((l) => !hidden.has(l.code));
}

function offered(code: LanguageCode | undefined): LanguageCode | undefined {
  return code && offeredLanguages().some((l) => l.code === code) ? code : undefined;
}

/**
 * The language at start: a `lang` query parameter wins (and is remembered), then the stored
 * choice, then English.
 */
export function startLanguage(): LanguageCode {
  const fromQuery = offered(resolveLanguage(new URLSearchParams(window.location.search).get('lang')));
  if (fromQuery) {
    rememberLanguage(fromQuery);
    return fromQuery;
  }
  const stored = offered(resolveLanguage(readStorage(STORAGE_KEYS.language))) ?? DEFAULT_LANGUAGE;
  rememberLanguage(stored);
  return stored;
}

/**
 * Stored for this browser, and in a cookie so the server renders the next page in it from the first
 * byte (core/storefront-render.ts reads `lang`).
 */
function rememberLanguage(code: LanguageCode): void {
  writeStorage(STORAGE_KEYS.language, code);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `lang=${code}; path=/; max-age=31536000; samesite=lax`;
}

let active: LanguageCode = DEFAULT_LANGUAGE;

export function activeLanguage(): LanguageCode {
  return renderContext()?.language ?? active;
}

export function applyLanguage(code: LanguageCode): void {
  active = code;
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}

export function queryLanguage(): string {
  return toQueryLanguage(activeLanguage());
}

/** SPEC §2: a language change stores the language, drops `lang` from the URL and reloads. */
export function changeLanguage(code: LanguageCode): void {
  rememberLanguage(code);
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  window.location.replace(url.toString());
}
