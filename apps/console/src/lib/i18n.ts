/**
 * The console's languages: the same 21 as the storefront (locale folders `console` for the frame and
 * `console-<section>` per section), chosen in the
 * console and remembered (`console.language`); error messages from the shared `errors` namespace.
 */
import { DEFAULT_LANGUAGE, isRtl, type LanguageCode, resolveLanguage } from '@mall/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

const PREFIX = '../../../../packages/i18n/locales/';
const loaders = {
  ...import.meta.glob('../../../../packages/i18n/locales/console*/*.json'),
  ...import.meta.glob('../../../../packages/i18n/locales/errors/*.json'),
} as Record<string, Loader>;

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const loader = loaders[`${PREFIX}${namespace}/${language}.json`];
    if (!loader) {
      callback(null, {});
      return;
    }
    loader().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

const KEY = 'console.language';

export function startLanguage(): LanguageCode {
  return resolveLanguage(localStorage.getItem(KEY)) ?? DEFAULT_LANGUAGE;
}

let active: LanguageCode = DEFAULT_LANGUAGE;

export function consoleLanguage(): LanguageCode {
  return active;
}

export async function initI18n(lang: LanguageCode): Promise<void> {
  active = lang;
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      // Sections keep their strings in their own namespaces (console-seller, console-admin, ...),
      // loaded by the backend when a page first asks for them (useTranslation('console-seller')).
      ns: ['console', 'errors'],
      defaultNS: 'console',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export function changeConsoleLanguage(lang: LanguageCode): void {
  localStorage.setItem(KEY, lang);
  window.location.reload();
}

export { i18next };
