/**
 * The storefront's translator: the part of i18next's API the storefront uses, in a few hundred
 * bytes instead of i18next + react-i18next (~18 KB compressed on every route). Namespaces arrive
 * through a loader (one chunk per `<namespace>/<lang>.json`); a key missing in the language is
 * looked up in the fallback language (English), as i18next's `fallbackLng` does. A language
 * change reloads the page (lib/language.ts), so nothing here re-renders on one.
 */
import { isRtl } from '@mall/i18n';
import { interpolate, interpolateDeep, readPath } from './lookup.ts';
import { pluralSuffix } from './plural.ts';

export type Namespace = Record<string, unknown>;
/** Fetches one namespace in one language; `undefined` when there is no such file. */
export type NamespaceLoader = (language: string, namespace: string) => Promise<Namespace> | undefined;

export interface InitOptions {
  lng: string;
  fallbackLng: string;
  defaultNS: string;
  /** Namespaces loaded before `init` resolves. */
  ns?: readonly string[];
  load: NamespaceLoader;
}

/** The options `t` takes; anything else is a value for `{{placeholders}}`. */
export interface TOptions {
  ns?: string | readonly string[];
  count?: number;
  defaultValue?: string;
  lng?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

/**
 * `t`: a string, or with `returnObjects: true` whatever the key holds (arrays and objects with their
 * strings interpolated). The type parameter only mirrors i18next's `TFunction<'ns'>`.
 */
export interface TFunction<_Ns extends string = string> {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

const NOT_FOUND = Symbol('not found');

export class Translator {
  private chosen = 'en';
  /** The server renders many languages side by side: it says which one the current render is in. */
  private languageSource: (() => string | undefined) | undefined;
  private fallback = 'en';
  defaultNS = 'ui';
  private load: NamespaceLoader = () => undefined;
  /** `lang|ns` → the namespace once loaded (an empty one when missing or failed). */
  private readonly store = new Map<string, Namespace>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly fixed = new Map<string, TFunction>();

  get language(): string {
    return this.languageSource?.() ?? this.chosen;
  }

  set language(language: string) {
    this.chosen = language;
  }

  /** Server rendering: the language of the request being rendered (entry-server.tsx). */
  setLanguageSource(source: () => string | undefined): void {
    this.languageSource = source;
  }

  async init(options: InitOptions): Promise<void> {
    this.language = options.lng;
    this.fallback = options.fallbackLng;
    this.defaultNS = options.defaultNS;
    this.load = options.load;
    await this.loadNamespaces(options.ns ?? [options.defaultNS]);
  }

  /** The languages looked in, in order: `zh-CN`, `zh`, then English, as i18next resolves them. */
  private codes(language: string): string[] {
    const codes = [language];
    const base = language.split('-')[0] ?? language;
    if (base !== language) codes.push(base);
    if (!codes.includes(this.fallback)) codes.push(this.fallback);
    return codes;
  }

  private loadOne(language: string, namespace: string): Promise<void> {
    const id = `${language}|${namespace}`;
    if (this.store.has(id)) return Promise.resolve();
    let promise = this.pending.get(id);
    if (!promise) {
      const loading = this.load(language, namespace) ?? Promise.resolve({});
      promise = loading
        .catch((error: unknown) => {
          // Like i18next after its retries: the namespace counts as loaded (keys show), so a
          // Suspense boundary does not wait forever on a chunk that will not come.
          console.error(`translator: ${id} failed to load`, error);
          return {};
        })
        .then((data) => {
          this.store.set(id, data);
          this.pending.delete(id);
        });
      this.pending.set(id, promise);
    }
    return promise;
  }

  /** Loads namespaces in the current language and its fallbacks; resolves when all are in. */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    const jobs = list.flatMap((ns) => this.codes(this.language).map((code) => this.loadOne(code, ns)));
    return Promise.all(jobs).then(() => undefined);
  }

  hasLoadedNamespace(namespace: string): boolean {
    return this.codes(this.language).every((code) => this.store.has(`${code}|${namespace}`));
  }

  dir(language: string = this.language): 'rtl' | 'ltr' {
    return isRtl(language) ? 'rtl' : 'ltr';
  }

  /**
   * Finds the value for a key: each namespace in order, in each language in order, trying
   * `key_zero` (count exactly 0), then the plural form for the count, then the bare key, as
   * i18next's translator does.
   */
  private resolve(rawKey: string, options: TOptions, namespaces: readonly string[]): unknown {
    let key = rawKey;
    let list = namespaces;
    // `ui:header.history`: an explicit namespace wins over the listed ones.
    const colon = key.indexOf(':');
    if (colon > 0) {
      list = [key.slice(0, colon)];
      key = key.slice(colon + 1);
    }
    const count = typeof options.count === 'number' ? options.count : undefined;
    for (const ns of list) {
      for (const code of this.codes(options.lng ?? this.language)) {
        const data = this.store.get(`${code}|${ns}`);
        if (!data) continue;
        const candidates: string[] = [];
        if (count !== undefined) {
          if (count === 0) candidates.push(`${key}_zero`);
          candidates.push(key + pluralSuffix(code, count));
        }
        candidates.push(key);
        for (const candidate of candidates) {
          const found = readPath(data, candidate);
          if (found !== undefined && found !== null) return found;
        }
      }
    }
    return NOT_FOUND;
  }

  private namespacesOf(options: TOptions | undefined, fallback: readonly string[]): readonly string[] {
    const ns = options?.ns;
    if (ns === undefined) return fallback;
    return typeof ns === 'string' ? [ns] : ns;
  }

  private translate(key: string, options: TOptions | undefined, namespaces: readonly string[]): unknown {
    const opts = options ?? {};
    const found = this.resolve(key, opts, this.namespacesOf(opts, namespaces));
    if (found === NOT_FOUND) {
      if (opts.defaultValue !== undefined) return interpolate(opts.defaultValue, opts);
      // i18next shows the key without its `ns:` prefix.
      const colon = key.indexOf(':');
      return colon > 0 ? key.slice(colon + 1) : key;
    }
    if (typeof found === 'string') return interpolate(found, opts);
    if (typeof found === 'object' && opts.returnObjects !== false) return interpolateDeep(found, opts);
    return String(found);
  }

  exists(key: string, options?: TOptions): boolean {
    const opts = options ?? {};
    return this.resolve(key, opts, this.namespacesOf(opts, [this.defaultNS])) !== NOT_FOUND;
  }

  /** A `t` that looks in these namespaces in order (the one `useTranslation` hands out), cached. */
  getFixedT(namespaces: readonly string[]): TFunction {
    const id = namespaces.join('|');
    let t = this.fixed.get(id);
    if (!t) {
      const list = [...namespaces];
      t = ((key: string, options?: TOptions) => this.translate(key, options, list)) as TFunction;
      this.fixed.set(id, t);
    }
    return t;
  }

  /** `i18next.t`: the default namespace unless `ns` or an `ns:` prefix says otherwise. */
  readonly t: TFunction = ((key: string, options?: TOptions) =>
    this.translate(key, options, [this.defaultNS])) as TFunction;
}

/** The storefront's one instance (i18next's default export, in effect). */
export const i18next = new Translator();
