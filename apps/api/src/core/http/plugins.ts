/**
 * What every answer goes through, registered before any route so the hooks reach all of them:
 * security headers (helmet) and compression (@fastify/compress).
 *
 * Helmet itself, built once: @fastify/helmet calls `helmet(options)` again inside its onRequest
 * hook for every request (it rebuilds and re-validates the whole policy each time) and adds a
 * second async hook; measured on the cached goods page at 50,000 goods that took the answer from
 * about 0.9 to 0.3 of the hello-world. The same middleware made once and applied in one hook sets
 * the same headers (docs/decisions-pending/http.md).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { LOADER_CSP_SOURCE } from '../storefront-loader.ts';

/**
 * What the storefront and the console may load: their own scripts and styles (inline styles: the
 * brand theme and React's style attributes), images from anywhere over https (goods pictures,
 * banners), the chat's socket. Nothing may frame them.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // The server-rendered pages' script loader is inline (core/storefront-loader.ts): allowed by hash.
  scriptSrc: ["'self'", LOADER_CSP_SOURCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** The front ends' built files (`/assets/…`, `/console/assets/…`), named by their content. */
export function isHashedAsset(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith('/console/assets/');
}

export async function registerHttpPlugins(app: FastifyInstance): Promise<void> {
  const securityHeaders = helmet({
    // Our own list, not helmet's defaults: those add `upgrade-insecure-requests`, which breaks a
    // mall reached over plain http on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Goods pictures and the brand icon may be shown by the brand's other sites (the wap site).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isHashedAsset(request.url)) {
      // A script or style sheet: the document's policies (CSP, framing, opener) mean nothing on it,
      // and on a phone each answer's headers count (issue 27). What a file needs stays.
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      done();
      return;
    }
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  await app.register(compress, {
    // Answers under 1 KB go out as they are; kept public reads carry their own compressed bytes.
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Request bodies are JSON or forms as sent (docs/api): a compressed body is not accepted.
    globalDecompression: false,
  });
}
