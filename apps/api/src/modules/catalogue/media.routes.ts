/**
 * `GET /media/...`: the generated demo images (see media.ts). Same URL, same bytes: a year of
 * browser cache. The URL builders here are what the demo seed stores in goods and stores.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import { errorEnvelope } from '../../core/http/envelope.ts';
import { bannerImage, categoryIcon, goodsImage, reviewImage, sellerBanner, sellerLogo } from './media.ts';
import { TtlCache } from './ttl-cache.ts';

export const mediaUrl = {
  goods: (glyph: string, seed: string, variant: number) => `/media/goods/400/${glyph}-${seed}-${variant}.svg`,
  zoom: (glyph: string, seed: string, variant: number) => `/media/goods/800/${glyph}-${seed}-${variant}.svg`,
  category: (glyph: string) => `/media/category/${glyph}.svg`,
  logo: (seed: string, monogram: string) => `/media/logo/${seed}.svg?m=${encodeURIComponent(monogram)}`,
  storeBanner: (seed: string) => `/media/store-banner/${seed}.svg`,
  banner: (seed: string, glyph: string, title: string, subtitle: string) =>
    `/media/banner/${seed}.svg?g=${glyph}&t=${encodeURIComponent(title)}&s=${encodeURIComponent(subtitle)}`,
  review: (glyph: string, seed: string) => `/media/review/${glyph}-${seed}.svg`,
};

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

function render(path: string, query: Record<string, unknown>): string | undefined {
  const parts = path.split('/');
  const [, , kind, a, b] = parts;
  if (!kind || !a) return undefined;
  const file = (b ?? a).replace(/\.svg$/, '');
  if (!(b ?? a).endsWith('.svg')) return undefined;
  switch (kind) {
    case 'goods': {
      if (parts.length !== 5 || (a !== '400' && a !== '800')) return undefined;
      const m = /^([a-z]+)-([0-9a-z]{1,16})-([0-9])$/.exec(file);
      return m ? goodsImage(m[1] ?? '', m[2] ?? '', Number(m[3]), Number(a)) : undefined;
    }
    case 'category':
      return parts.length === 4 ? categoryIcon(file) : undefined;
    case 'logo':
      return parts.length === 4 ? sellerLogo(file, text(query.m, 8)) : undefined;
    case 'store-banner':
      return parts.length === 4 ? sellerBanner(file) : undefined;
    case 'banner':
      return parts.length === 4
        ? bannerImage(file, text(query.t, 80), text(query.s, 120), text(query.g, 16))
        : undefined;
    case 'review': {
      const m = /^([a-z]+)-([0-9a-z]{1,16})$/.exec(file);
      return parts.length === 4 && m ? reviewImage(m[1] ?? '', m[2] ?? '') : undefined;
    }
    default:
      return undefined;
  }
}

export function mediaRoutes(app: FastifyInstance, clock: Clock): void {
  const rendered = new TtlCache<string>(clock, 3_600_000, 5000);
  app.get('/media/*', (request, reply) => {
    const url = request.url;
    let body = rendered.get(url);
    if (body === undefined) {
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      let decoded: string | undefined;
      try {
        decoded = render(path, (request.query ?? {}) as Record<string, unknown>);
      } catch {
        decoded = undefined;
      }
      if (decoded === undefined) {
        return reply.code(404).send(errorEnvelope('API_NOT_FOUND', 'en'));
      }
      body = rendered.set(url, decoded);
    }
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
