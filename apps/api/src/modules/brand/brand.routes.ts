import type { Brand, DownloadUrls } from '@mall/contract';
import { downloadUrlsSchema, publicBrandSchema, toPublicBrand } from '@mall/contract';
import { brandInputSchema, indexDownloadUrlInputSchema } from '@mall/contract/brands.inputs';
import type { FastifyInstance } from 'fastify';
import type { BrandResolver } from '../../core/brand.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { brandIconSvg } from './brand-icon.ts';

export function brandRoutes(app: FastifyInstance, route: DefineRoute, brands: BrandResolver): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/brand',
    output: publicBrandSchema,
    input: brandInputSchema,
    handle: (ctx) => toPublicBrand(ctx.brand),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/index!download-url.action',
    output: downloadUrlsSchema,
    input: indexDownloadUrlInputSchema,
    handle: (ctx): DownloadUrls => ({
      downloadUrl: ctx.brand.buyerAppUrl,
      buyerAppUrl: ctx.brand.buyerAppUrl,
      sellerAppUrl: ctx.brand.sellerAppUrl,
    }),
  });

  // Keyed by the brand object, which an operator's change replaces (core/brand.ts).
  const icons = new WeakMap<Brand, string>();
  app.get('/brand-icon.svg', (request, reply) => {
    const brand = brands.forHost(request.host);
    let svg = icons.get(brand);
    if (!svg) {
      svg = brandIconSvg(brand);
      icons.set(brand, svg);
    }
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(svg);
  });
}
