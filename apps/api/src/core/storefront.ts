/**
 * Serves the built storefront: hashed assets with a long cache, and index.html with the brand's
 * title, icon, colours and public data injected so the first paint is already themed. A phone
 * goes to the brand's wap site when one is configured.
 *
 * Compressed delivery: the build writes a .br and a .gz beside every asset (tools/precompress.mjs);
 * a browser that takes brotli or gzip is sent those bytes with `Content-Encoding`, and every asset
 * answer says `Vary: accept-encoding`. The page itself is made per brand, so it is compressed once
 * per brand (and per operator change) when first asked for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type Brand, injectBrand } from '@mall/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrandResolver } from './brand.ts';
import { preferredCoding } from './http/edge-cache.ts';
import { isHashedAsset } from './http/plugins.ts';
import { loadStorefrontRenderer } from './storefront-render.ts';

/** The storefront build a reply belongs to; the client compares it with its own. */
export const BUILD_HEADER = 'x-mall-build';

const MOBILE = /Android|iPhone|iPod|Windows Phone|Mobile|Opera Mini|IEMobile/i;

export type ServeApp = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

export interface SpaOptions {
  /** Where the app lives: '' for the storefront, '/console' for the back office. */
  prefix: '' | '/console';
  /** Phones go to the brand's wap site (the storefront only). */
  wapRedirect: boolean;
  /**
   * The build id every reply is stamped with, so an outdated tab notices (the storefront only;
   * readBuildId): the hook installed here stamps every answer.
   */
  buildStamp: string | undefined;
}

/** The id of the storefront built into `distDir`, or undefined when none is built there. */
export function readBuildId(distDir: string): string | undefined {
  const buildFile = join(distDir, 'build-id.txt');
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(buildFile)) return undefined;
  return readFileSync(buildFile, 'utf8').trim() || undefined;
}

/** Registers the asset route and returns the page handler, or undefined when nothing is built. */
export async function registerStorefront(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  distDir: string,
  brands: BrandResolver,
  options: SpaOptions,
): Promise<ServeApp | undefined> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    log.warn({ distDir }, `${options.prefix || 'storefront'} not built: run npm run build`);
    return undefined;
  }
  const template = readFileSync(indexFile, 'utf8');
  const buildId = options.buildStamp;
  if (buildId) {
    // The callback form: an async hook costs every reply a promise and a microtask turn.
    app.addHook('onSend', (request, reply, payload, done) => {
      // Not on the built files: they never change, and a phone pays for every header.
      if (!isHashedAsset(request.url)) reply.header(BUILD_HEADER, buildId);
      done(null, payload);
    });
  }
  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: `${options.prefix}/assets/`,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    index: false,
    decorateReply: options.prefix === '',
  });
  // The catalogue pages are rendered on the server when the build has its server entry.
  const renderer =
    options.prefix === '' && buildId
      ? await loadStorefrontRenderer(app, log, distDir, template, buildId)
      : undefined;
  // Keyed by the brand object: an operator's change swaps it (core/brand.ts), so the page follows.
  const pages = new WeakMap<Brand, Page>();
  return (request, reply) => {
    const brand = brands.forHost(request.host);
    if (options.wapRedirect && brand.wapUrl && MOBILE.test(request.headers['user-agent'] ?? '')) {
      return reply.redirect(brand.wapUrl, 302);
    }
    const plain = () => servePlain(request, reply, brand);
    return renderer?.serve(request, reply, brand, plain) ?? plain();
  };

  /** The client app's page: the same for every path, themed for the brand. */
  function servePlain(request: FastifyRequest, reply: FastifyReply, brand: Brand): FastifyReply {
    let page = pages.get(brand);
    if (!page) {
      page = compressedPage(injectBrand(template, brand));
      pages.set(brand, page);
    }
    reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (coding === 'br') return reply.header('content-encoding', 'br').send(page.br);
    if (coding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  }
}

interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function compressedPage(html: string): Page {
  return { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
}
