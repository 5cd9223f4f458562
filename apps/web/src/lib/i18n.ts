/**
 * The translator (lib/translator, i18next's API in small) with the 21 locales. Every namespace (`packages/i18n/locales/<namespace>/<lang>.json`) is
 * its own lazily loaded chunk: at start only the current language's `ui` is fetched, and `errors`
 * once the page is idle or a lazy page needs it (`withErrorTexts`);
 * a feature's namespace arrives when a component first asks for it with
 * `useTranslation('<namespace>')`, which suspends until then (pages sit inside a Suspense boundary).
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from '@mall/i18n';
import { i18next } from './translator/translator.ts';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

// Keys relative to the locales folder ('ui/en.json') and no back-office namespaces: this map of
// every chunk is part of the first paint, so its size counts.
const loaders = import.meta.glob(['./*/*.json', '!./console*/*.json'], {
  base: '../../../../packages/i18n/locales/',
}) as Record<string, Loader>;

export async function initI18n(lang: LanguageCode): Promise<void> {
  await i18next.init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['ui'],
    defaultNS: 'ui',
    // A language or namespace without a file (`zh` for `zh-CN`) is an empty namespace.
    load: (language, namespace) => loaders[`./${namespace}/${language}.json`]?.().then((m) => m.default),
  });
}

/**
 * The error catalogue's texts (5 KB compressed in English, growing with every domain) are not needed
 * to paint the home page: main.tsx loads them when the browser is first idle, and every other page,
 * dialog and drawer waits for them beside its own chunk, so a form never shows a key for a message.
 */
export function withErrorTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), i18next.loadNamespaces('errors')]).then(([module]) => module);
}

/** Static pages need their bodies; English stands in for anything missing. */
export async function ensurePages(): Promise<void> {
  await i18next.loadNamespaces('pages');
}

export { i18next };
