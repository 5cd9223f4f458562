/**
 * What a server render knows about the request it renders: the brand, the language and how to ask
 * the API in-process. The browser never has one (`renderContext()` is undefined there); the server
 * entry (entry-server.tsx) installs a source backed by AsyncLocalStorage, so requests rendered side
 * by side never see each other's brand or language. Module state (brand, language, session) reads
 * through here first; nothing in the browser bundle imports Node.
 */
import type { PublicBrand } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';

export interface RenderContext {
  brand: PublicBrand;
  language: LanguageCode;
  /** The API answered in-process (Fastify's inject), as `fetch` would over the network. */
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
  /** The text namespaces the page used: sent with it, so the browser need not fetch them. */
  namespaces: Set<string>;
  /** The lazily loaded parts the page rendered (lib/preloadable.tsx): loaded before hydrating. */
  modules: Set<string>;
  /** Set when the page rendered says that what was asked for does not exist (answered 404). */
  notFound?: boolean;
}

let source: (() => RenderContext | undefined) | undefined;

export function setRenderContextSource(read: () => RenderContext | undefined): void {
  source = read;
}

/** The request being rendered on the server; undefined in the browser. */
export function renderContext(): RenderContext | undefined {
  return source?.();
}

/** True while rendering on the server (no window, no storage, no effects). */
export const onServer = typeof window === 'undefined';

/** A page saying "not found": on the server the answer's status becomes 404; nothing in the browser. */
export function markNotFound(): void {
  const rendering = renderContext();
  if (rendering) rendering.notFound = true;
}
