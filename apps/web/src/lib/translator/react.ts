/**
 * react-i18next's `useTranslation`, reduced to what the storefront needs: it suspends (throws the
 * loading promise to the nearest Suspense boundary) until its namespaces are in, then hands out a
 * stable `t` for them. No subscription to language changes: a change reloads the page.
 */
import { i18next, type TFunction, type Translator } from './translator.ts';

export interface UseTranslation {
  t: TFunction;
  i18n: Translator;
  ready: true;
}

// The same promise for the same namespaces while they load, so React waits on one thing.
const waiting = new Map<string, Promise<void>>();

export function useTranslation(ns?: string | readonly string[]): UseTranslation {
  const namespaces = ns === undefined ? [i18next.defaultNS] : typeof ns === 'string' ? [ns] : ns;
  if (!namespaces.every((n) => i18next.hasLoadedNamespace(n))) {
    // Per language: a server renders several side by side.
    const id = `${i18next.language}|${namespaces.join('|')}`;
    let promise = waiting.get(id);
    if (!promise) {
      promise = i18next.loadNamespaces(namespaces).finally(() => waiting.delete(id));
      waiting.set(id, promise);
    }
    throw promise;
  }
  return { t: i18next.getFixedT(namespaces), i18n: i18next, ready: true };
}
