/**
 * The seller's store and goods (`/api/admin/seller/...`, role `seller`): thin routes over
 * SellerCatalogueService. Inputs are parsed here; a bad value is a catalogue error and nothing runs.
 */
import {
  goodsDeletedSchema,
  pageSchema,
  parseMoney,
  SELLER_GOODS_SORTS,
  SELLER_LIMITS,
  sellerGoodsDetailSchema,
  sellerGoodsRowSchema,
  sellerStoreSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput, sortOrder } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput, lineInput as line, proseInput as prose } from '../../core/http/text-inputs.ts';
import { idInput, optionalId } from './catalogue-inputs.ts';
import type { GoodsInput, SellerCatalogueService } from './seller.service.ts';

const seller = { roles: ['seller'] } as const;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A decimal amount ("12.5", up to 10 decimals) as atomic units, never through a float. */
function money(positive: boolean) {
  return z.union([z.string().max(40), z.number()]).transform((value, ctx) => {
    const parsed = parseMoney(value);
    if (!parsed.ok || (positive && parsed.units === 0n)) {
      ctx.addIssue({ code: 'custom', message: parsed.ok ? 'zero' : parsed.reason });
      return z.NEVER;
    }
    return parsed.units;
  });
}

const nullableMoney = z.preprocess(blank, money(true).optional()).transform((v) => v ?? null);
const fee = z.preprocess(blank, money(false).optional()).transform((v) => v ?? 0n);
const count = (min: number, max: number) => intInput(min, max);
const nullableStock = z
  .preprocess(blank, count(0, SELLER_LIMITS.stockMax).optional())
  .transform((v) => v ?? null);

/** A JSON array as a form field may carry it ("[...]") or as JSON sends it. */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.array(item).max(max));

const specInput = z.object({
  attrId: optionalId,
  name: line(SELLER_LIMITS.specNameMax),
  price: nullableMoney,
  stock: nullableStock,
});

const goodsInput = {
  name: line(SELLER_LIMITS.goodsNameMax),
  categoryId: idInput,
  description: prose(SELLER_LIMITS.goodsDescriptionMax),
  // Counted by the service (GOODS_IMAGE_REQUIRED, GOODS_IMAGES_LIMIT); this cap bounds the work.
  images: list(z.string().trim().min(1).max(512), 20),
  sellingPrice: money(true),
  discountPrice: nullableMoney,
  retailPrice: nullableMoney,
  originalPrice: nullableMoney,
  buyMin: z.preprocess(blank, count(1, SELLER_LIMITS.buyMinMax).default(1)),
  dispatchFee: fee,
  distanceFee: fee,
  deliveryFee: fee,
  stock: z.preprocess(blank, count(0, SELLER_LIMITS.stockMax).default(0)),
  specs: z.preprocess(blank, list(specInput, SELLER_LIMITS.specsMax).default([])),
};

const flag = z.preprocess((v) => {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return v;
}, z.boolean());

function toGoodsInput(v: z.output<z.ZodObject<typeof goodsInput>>): GoodsInput {
  return {
    ...v,
    specs: v.specs.map((s) => ({ attrId: s.attrId, name: s.name, price: s.price, stock: s.stock })),
  };
}

export function sellerCatalogueRoutes(route: DefineRoute, service: SellerCatalogueService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/store',
    output: sellerStoreSchema,
    input: z.object({}),
    auth: seller,
    handle: (ctx) => service.store(ctx),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/store/update',
    output: sellerStoreSchema,
    input: z.object({
      name: line(SELLER_LIMITS.storeNameMax),
      logo: z.string().trim().min(1).max(512),
      banner: z.string().trim().min(1).max(512),
      description: prose(SELLER_LIMITS.storeDescriptionMax),
      contactPhone: z.preprocess((v) => v ?? '', z.string().trim().max(SELLER_LIMITS.phoneMax)),
      contactEmail: z.preprocess((v) => v ?? '', z.string().trim().max(64)),
    }),
    auth: seller,
    handle: (ctx, input) => service.updateStore(ctx, input),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/goods/list',
    output: pageSchema(sellerGoodsRowSchema),
    input: z.object({
      ...pageInput(20),
      keyword: z.preprocess(blank, z.string().trim().max(100).optional()),
      categoryId: optionalId,
      status: z.preprocess(blank, intInput(0, 1).optional()) as z.ZodType<0 | 1 | undefined>,
      sort: z.preprocess(blank, z.enum(SELLER_GOODS_SORTS).default('created')),
      order: z.preprocess(blank, sortOrder()),
    }),
    auth: seller,
    handle: (ctx, query) => service.goodsList(ctx, query),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/goods/info',
    output: sellerGoodsDetailSchema,
    input: z.object({ sellerGoodsId: idInput }),
    auth: seller,
    handle: (ctx, { sellerGoodsId }) => service.goodsDetail(ctx, sellerGoodsId),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/create',
    output: sellerGoodsDetailSchema,
    input: z.object(goodsInput),
    auth: seller,
    handle: (ctx, input) => service.createGoods(ctx, toGoodsInput(input)),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/update',
    output: sellerGoodsDetailSchema,
    input: z.object({ sellerGoodsId: idInput, ...goodsInput }),
    auth: seller,
    handle: (ctx, { sellerGoodsId, ...input }) =>
      service.updateGoods(ctx, sellerGoodsId, toGoodsInput(input)),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/stock',
    output: sellerGoodsDetailSchema,
    input: z.object({
      sellerGoodsId: idInput,
      attrId: optionalId,
      change: z.coerce
        .number()
        .int()
        .min(-SELLER_LIMITS.stockMax)
        .max(SELLER_LIMITS.stockMax)
        .refine((n) => n !== 0),
    }),
    auth: seller,
    handle: (ctx, { sellerGoodsId, change, attrId }) =>
      service.changeStock(ctx, sellerGoodsId, change, attrId),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/shelf',
    output: sellerGoodsDetailSchema,
    input: z.object({ sellerGoodsId: idInput, onShelf: flag }),
    auth: seller,
    handle: (ctx, { sellerGoodsId, onShelf }) => service.setShelf(ctx, sellerGoodsId, onShelf),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/delete',
    output: goodsDeletedSchema,
    input: z.object({ sellerGoodsId: idInput }),
    auth: seller,
    handle: async (ctx, { sellerGoodsId }) => {
      await service.deleteGoods(ctx, sellerGoodsId);
      return { deleted: true };
    },
  });
}
