/**
 * The server entry: renders a catalogue page to HTML with React's server renderer
 * (renderToPipeableStream, in one piece), so a phone paints the page from the first bytes (issue
 * 27). Built by `vite build --ssr` into dist/server/ and loaded by the API
 * (apps/api/src/core/storefront-render.ts), which owns HTTP: status, headers, compression, caching.
 * The same routes and components as the browser; what differs is per request (brand, language, the
 * API asked in-process), carried by AsyncLocalStorage (lib/render-context.ts).
 *
 * A page's data: the components ask for it with TanStack Query as in the browser. A first render
 * leaves those queries in the request's QueryClient; they are fetched, and the page is rendered
 * again with the data; the first render that asks for nothing new is the page (at most three). The
 * data and the texts the page used go into it (`#ssr-state`), so the browser hydrates without
 * asking for either again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import { type RenderContext, setRenderContextSource } from './lib/render-context.ts';
import { StaticRouter } from './lib/router/router.tsx';

const requests = new AsyncLocalStorage<RenderContext>();
setRenderContextSource(() => requests.getStore());
i18next.setLanguageSource(() => requests.getStore()?.language);
const started = initI18n('en');

const MAX_ROUNDS = 3;

export interface RenderRequest extends Omit<RenderContext, 'namespaces' | 'modules' | 'notFound'> {
  /** Path and query as asked (`/productDetails?sellerGoodsId=…&lang=ar`). */
  url: string;
}

export interface RenderedPage {
  /** The data and texts the page was rendered from, embedded for hydration. */
  state: string;
  /** What the page shows, without the times the data was read: the same page, the same value (ETag). */
  fingerprint: string;
  /** 404 when the page's main query found nothing, else 200. */
  status: 200 | 404;
  /** The page's body: the root's inner HTML. */
  html: string;
}

function app(url: string, client: QueryClient) {
  return (
    <StrictMode>
      <Providers client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
}

/**
 * One render, once every lazy chunk and text has arrived; the queries it asked for are left in
 * `client`. In one piece: no boundary is outlined behind an inline swap script (the CSP allows none).
 */
function renderOnce(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        html += chunk;
        done();
      },
      final: (done) => {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: reportError,
    });
  });
}

/** An error thrown while rendering: the browser renders that part itself; the server log says why. */
function reportError(error: unknown): void {
  console.error('storefront render:', error);
}

function waiting(client: QueryClient) {
  return client
    .getQueryCache()
    .findAll({ predicate: (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' });
}

/** Answers that mean the goods or store asked for is not there (or no longer): the page is a 404. */
const NOT_FOUND_KEYS = new Set([
  'PRODUCT_NOT_FOUND',
  'PRODUCT_OFF_SHELF',
  'SELLER_NOT_FOUND',
  'STORE_CLOSED',
]);

function missing(client: QueryClient, context: RenderContext): boolean {
  if (context.notFound) return true;
  return client
    .getQueryCache()
    .findAll({ predicate: (q) => q.state.status === 'error' })
    .some((q) => {
      const key = (q.state.error as { key?: unknown } | null)?.key;
      return typeof key === 'string' && NOT_FOUND_KEYS.has(key);
    });
}

export async function render(request: RenderRequest): Promise<RenderedPage> {
  await started;
  const { url, ...fields } = request;
  const context: RenderContext = { ...fields, namespaces: new Set(), modules: new Set() };
  const client = createQueryClient();
  return requests.run(context, async () => {
    const element = app(url, client);
    // The render that asks for nothing new is the page; one after the last fetch if none did.
    let html: string | undefined;
    for (let round = 0; round < MAX_ROUNDS && html === undefined; round++) {
      const rendered = await renderOnce(element);
      const queries = waiting(client);
      if (queries.length === 0) html = rendered;
      // A failed query keeps its error: the page shows it as in the browser (and may say 404).
      else await Promise.all(queries.map((q) => q.fetch().catch(() => undefined)));
    }
    html ??= await renderOnce(element);
    const state = JSON.stringify({
      queries: dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
      texts: i18next.loadedTexts(context.namespaces),
      modules: [...context.modules],
    });
    const shown = client
      .getQueryCache()
      .getAll()
      .map((q) => [
        q.queryHash,
        q.state.status,
        q.state.data,
        (q.state.error as { key?: string } | null)?.key,
      ]);
    return {
      state,
      fingerprint: JSON.stringify(shown),
      status: missing(client, context) ? 404 : 200,
      html,
    };
  });
}
