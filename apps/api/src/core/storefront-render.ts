/**
 * Server rendering of the storefront's catalogue pages (issue 27): home, lists, product, store,
 * searches and discounted are answered as HTML a phone can paint at once, in the asked language
 * and direction from the first byte, with the brand's theme, the page's own styles in the head,
 * its scripts loaded after the first paint (storefront-loader.ts), and the data embedded for
 * hydration. The rendering itself is the web build's server entry (apps/web/src/entry-server.tsx →
 * dist/server/); this file owns HTTP.
 *
 * The language: `lang` in the URL, else the `lang` cookie the storefront keeps, else English,
 * among the languages the brand offers. The page's data is asked of this API in-process (inject),
 * through the same routes, validation and edge cache as a browser's requests.
 *
 * Caching: the HTML is a function of the build, brand, language, URL and data, so its ETag is a
 * hash of those (the data without the times it was read), known before the body is rendered; a
 * browser or CDN holding it gets a 304.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createBrotliCompress, createGzip, constants as zlib } from 'node:zlib';
import { type Brand, injectBrand, type PublicBrand, toPublicBrand } from '@mall/contract';
import { DEFAULT_LANGUAGE, isRtl, type LanguageCode, resolveLanguage } from '@mall/i18n';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredCoding } from './http/edge-cache.ts';
import { findEntryTag, loaderTag } from './storefront-loader.ts';

/** The server entry's interface (apps/web/src/entry-server.tsx). */
interface RenderedPage {
  state: string;
  fingerprint: string;
  status: 200 | 404;
  html: string;
}
interface ServerEntry {
  render(request: {
    url: string;
    brand: PublicBrand;
    language: LanguageCode;
    fetch: (url: URL, init: RequestInit) => Promise<Response>;
  }): Promise<RenderedPage>;
}

/** The rendered routes and the module of each page (keys of Vite's manifest). */
const PAGES: Record<string, string> = {
  '/index': 'src/features/home/home-page.tsx',
  '/classification': 'src/features/catalogue/classification-page.tsx',
  '/commodity': 'src/features/catalogue/commodity-page.tsx',
  '/discounted': 'src/features/catalogue/discounted-page.tsx',
  '/productDetails': 'src/features/product/product-page.tsx',
  '/store': 'src/features/catalogue/store-page.tsx',
  '/searchGoods': 'src/features/catalogue/search-goods-page.tsx',
  '/searchStore': 'src/features/catalogue/search-store-page.tsx',
  '/searchResult': 'src/features/catalogue/search-result-page.tsx',
};

const ROOT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * What a page needs besides the entry's: its style sheets, linked (cached files fetched beside the
 * entry's; inlined, they made the HTML 3 KB larger and were fetched a second time when the page's
 * chunk loaded), and its own chunks (loaded with the entry, so hydration does not wait on a
 * waterfall: storefront-loader.ts). Everything a page renders on the server is in its static
 * imports: a lazy part would not hydrate in one pass (apps/web/src/lib/preloadable.tsx).
 */
function pageAssets(
  manifest: Record<string, ManifestChunk>,
  page: string,
): { styles: string; chunks: string[] } {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const entryFiles = new Set<string>();
  const walk = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) walk(child, into, css);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  const entryCss = new Set<string>();
  if (entryKey) walk(entryKey, entryFiles, entryCss);
  const files = new Set<string>();
  const css = new Set<string>();
  walk(page, files, css);
  const styles = [...css]
    .filter((file) => !entryCss.has(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  const chunks = [...files]
    .filter((file) => !entryFiles.has(file) && file.endsWith('.js'))
    .map((f) => `/${f}`);
  return { styles, chunks };
}

function cookieLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'lang') return value;
  }
  return undefined;
}

/** JSON inside a <script> must not be able to close the tag. */
const safeJson = (text: string) => text.replace(/</g, '\\u003c');

export interface StorefrontRenderer {
  /** Answers a catalogue page, or returns undefined for a path that is not rendered on the server. */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    brand: Brand,
    /** The client app's page, sent instead when rendering fails. */
    fallback: () => FastifyReply,
  ): Promise<FastifyReply> | undefined;
}

/** Loads the server entry beside the storefront build; undefined when the build has none. */
export async function loadStorefrontRenderer(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  distDir: string,
  template: string,
  buildId: string,
): Promise<StorefrontRenderer | undefined> {
  const entryFile = join(distDir, 'server', 'entry-server.js');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile) || !template.includes(ROOT)) {
    log.warn({ entryFile }, 'storefront server entry not built: catalogue pages are rendered in the browser');
    return undefined;
  }
  const entryTag = findEntryTag(template);
  if (!entryTag) {
    log.warn({ distDir }, 'index.html has no entry script tag: catalogue pages are rendered in the browser');
    return undefined;
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // Each page's head: its style sheets, and the loader in place of the entry's script tag.
  const assets = new Map(
    Object.entries(PAGES).map(([path, page]) => {
      const { styles, chunks } = pageAssets(manifest, page);
      return [path, { styles, loader: loaderTag(entryTag.src, chunks) }] as const;
    }),
  );
  const publicBrands = new WeakMap<Brand, { data: PublicBrand; head: string; hash: string }>();
  const brandOf = (brand: Brand) => {
    let found = publicBrands.get(brand);
    if (!found) {
      const data = toPublicBrand(brand);
      const head = injectBrand(template, brand);
      found = { data, head, hash: createHash('sha1').update(JSON.stringify(data)).digest('base64url') };
      publicBrands.set(brand, found);
    }
    return found;
  };

  return {
    serve(request, reply, brand, fallback) {
      const [path = '/', query = ''] = request.url.split('?');
      const pageHead = assets.get(path);
      if (pageHead === undefined) return undefined;
      return (async () => {
        const themed = brandOf(brand);
        const offered = (code: LanguageCode | undefined) =>
          code && !brand.hiddenLanguages.includes(code) ? code : undefined;
        const fromUrl = offered(resolveLanguage(new URLSearchParams(query).get('lang')));
        const language =
          fromUrl ?? offered(resolveLanguage(cookieLanguage(request.headers.cookie))) ?? DEFAULT_LANGUAGE;
        const rendering = entry.render({
          url: request.url,
          brand: themed.data,
          language,
          fetch: async (url, init) => {
            const answer = await app.inject({
              method: (init.method ?? 'GET') as 'GET' | 'POST',
              url: url.pathname + url.search,
              headers: { ...(init.headers as Record<string, string>), host: request.headers.host ?? '' },
              remoteAddress: request.ip,
              ...(init.body ? { payload: init.body as string } : {}),
            });
            return new Response(answer.payload, {
              status: answer.statusCode,
              headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
            });
          },
        });
        let page: RenderedPage;
        try {
          page = await rendering;
        } catch (error) {
          // A page that cannot be rendered here is still served: the browser renders it.
          log.error({ err: error, url: request.url }, 'storefront render failed');
          return fallback();
        }
        const etag = `"${createHash('sha1')
          .update(`${buildId}|${themed.hash}|${language}|${request.url}|${page.status}|`)
          .update(page.fingerprint)
          .digest('base64url')}"`;
        reply
          .code(page.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('etag', etag)
          // Told by the URL, the page is the same for everyone; told by the cookie, only for this browser.
          .header(
            'cache-control',
            fromUrl
              ? 'public, max-age=0, s-maxage=10, must-revalidate'
              : 'private, max-age=0, must-revalidate',
          )
          .header('vary', fromUrl ? 'accept-encoding' : 'accept-encoding, cookie');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();

        const dir = isRtl(language) ? 'rtl' : 'ltr';
        // Mantine's colours hang on the scheme attribute its provider sets in the browser: set here,
        // the first paint has them too.
        const html = themed.head.replace(
          '<html lang="en">',
          `<html lang="${language}" dir="${dir}" data-mantine-color-scheme="light">`,
        );
        const at = html.indexOf(ROOT);
        const head = html
          .slice(0, at)
          .replace(entryTag.tag, pageHead.loader)
          .replace('</head>', `${pageHead.styles}</head>`);
        const tail = `</div><script id="ssr-state" type="application/json">${safeJson(page.state)}</script>${html.slice(at + ROOT.length)}`;

        const coding = preferredCoding(request.headers['accept-encoding']);
        const out =
          coding === 'br'
            ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
            : coding === 'gzip'
              ? createGzip({ level: 6 })
              : undefined;
        if (out) reply.header('content-encoding', coding);
        const sink = out ?? new PassThrough();
        sink.end(`${head}<div id="root">${page.html}${tail}`);
        return reply.send(sink);
      })();
    },
  };
}
