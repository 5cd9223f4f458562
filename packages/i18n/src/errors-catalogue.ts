/**
 * Error messages of all 21 languages for the server, loaded once at start (they are small).
 * The storefront loads only the current language, through its own lazy loader.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

export type ErrorMessages = Readonly<Record<string, string>>;

const dir = fileURLToPath(new URL('../locales/errors/', import.meta.url));

export function loadErrorMessages(): ReadonlyMap<LanguageCode, ErrorMessages> {
  const out = new Map<LanguageCode, ErrorMessages>();
  for (const code of LANGUAGE_CODES) {
    try {
      out.set(code, Object.freeze(JSON.parse(readFileSync(`${dir}${code}.json`, 'utf8'))));
    } catch {
      // A missing locale falls back to English at lookup time; the locale test catches it in CI.
      out.set(code, Object.freeze({}));
    }
  }
  return out;
}
