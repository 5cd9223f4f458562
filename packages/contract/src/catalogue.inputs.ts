/**
 * Input schemas of the catalogue calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import { z } from 'zod';
import { CATALOGUE_PAGE_SIZES } from './catalogue.ts';
import { goodsFilterInput, idInput, optionalFlag, optionalId, optionalKeyword } from './fields.inputs.ts';
import { parseMoney } from './money.ts';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { SELLER_GOODS_SORTS, SELLER_LIMITS } from './seller.ts';
import { intInput, lineInput as line, proseInput as prose } from './text.inputs.ts';

const goodsListInput = z.object({
  ...pageInput(CATALOGUE_PAGE_SIZES.goods),
  ...goodsFilterInput,
  keyword: optionalKeyword,
});

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

const language = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);

/** A goods name and description in one more language, entered by its seller. */
const translationInput = z.object({
  lang: language,
  name: line(SELLER_LIMITS.goodsNameMax),
  description: prose(SELLER_LIMITS.goodsDescriptionMax),
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
  /** The language `name` and `description` are written in; the request's language when left out. */
  lang: z.preprocess(blank, language.optional()),
  /**
   * Name and description in other languages (one each), shown to buyers of those languages. On
   * update the list replaces the goods' translations; left out, they stay as they are.
   */
  translations: z.preprocess(blank, list(translationInput, LANGUAGE_CODES.length).optional()),
};

const flag = z.preprocess((v) => {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return v;
}, z.boolean());

/** /api/sellerGoods/list */
export const sellerGoodsListInputSchema = goodsListInput;

/** /api/sellerGoods/search */
export const sellerGoodsSearchInputSchema = goodsListInput;

/** /api/sellerGoods/recommendNew */
export const sellerGoodsRecommendNewInputSchema = z.object(pageInput(CATALOGUE_PAGE_SIZES.recommended));

/** /api/sellerGoods/info */
export const sellerGoodsInfoInputSchema = z.object({ sellerGoodsId: idInput });

/** /api/sellerGoods/recommend/like */
export const sellerGoodsRecommendLikeInputSchema = z.object(pageInput(CATALOGUE_PAGE_SIZES.recommended));

/** /api/index!home.action */
export const indexHomeInputSchema = z.object({});

/** /api/banner/list */
export const bannerListInputSchema = z.object({
  position: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(32).default('home')),
});

/** /api/category!list.action */
export const categoryListInputSchema = z.object({ parentId: optionalId });

/** /api/category/recommend */
export const categoryRecommendInputSchema = z.object({});

/** /api/category/tree */
export const categoryTreeInputSchema = z.object({});

/** /api/seller/list */
export const sellerListInputSchema = z.object({
  ...pageInput(CATALOGUE_PAGE_SIZES.sellers),
  keyword: optionalKeyword,
  recommend: optionalFlag,
  country: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
});

/** /api/seller/info */
export const sellerInfoInputSchema = z.object({ sellerId: idInput });

/** /api/seller/tree */
export const sellerTreeInputSchema = z.object({ sellerId: idInput });

/** /api/current/activity */
export const currentActivityInputSchema = z.object({});

/** /api/search */
export const searchInputSchema = z.object({ ...pageInput(CATALOGUE_PAGE_SIZES.goods), keyword: z.string() });

/** /api/search/suggest */
export const searchSuggestInputSchema = z.object({ keyword: optionalKeyword, sellerId: optionalId });

/** /api/admin/seller/store */
export const adminSellerStoreInputSchema = z.object({});

/** /api/admin/seller/store/update */
export const adminSellerStoreUpdateInputSchema = z.object({
  name: line(SELLER_LIMITS.storeNameMax),
  logo: z.string().trim().min(1).max(512),
  banner: z.string().trim().min(1).max(512),
  description: prose(SELLER_LIMITS.storeDescriptionMax),
  contactPhone: z.preprocess((v) => v ?? '', z.string().trim().max(SELLER_LIMITS.phoneMax)),
  contactEmail: z.preprocess((v) => v ?? '', z.string().trim().max(64)),
});

/** /api/admin/seller/goods/list */
export const adminSellerGoodsListInputSchema = z.object({
  ...pageInput(20),
  keyword: z.preprocess(blank, z.string().trim().max(100).optional()),
  categoryId: optionalId,
  status: z.preprocess(blank, intInput(0, 1).optional()) as z.ZodType<0 | 1 | undefined>,
  sort: z.preprocess(blank, z.enum(SELLER_GOODS_SORTS).default('created')),
  order: z.preprocess(blank, sortOrder()),
});

/** /api/admin/seller/goods/info */
export const adminSellerGoodsInfoInputSchema = z.object({ sellerGoodsId: idInput });

/** /api/admin/seller/goods/create */
export const adminSellerGoodsCreateInputSchema = z.object(goodsInput);

/** /api/admin/seller/goods/update */
export const adminSellerGoodsUpdateInputSchema = z.object({ sellerGoodsId: idInput, ...goodsInput });

/** /api/admin/seller/goods/stock */
export const adminSellerGoodsStockInputSchema = z.object({
  sellerGoodsId: idInput,
  attrId: optionalId,
  change: z.coerce
    .number()
    .int()
    .min(-SELLER_LIMITS.stockMax)
    .max(SELLER_LIMITS.stockMax)
    .refine((n) => n !== 0),
});

/** /api/admin/seller/goods/shelf */
export const adminSellerGoodsShelfInputSchema = z.object({ sellerGoodsId: idInput, onShelf: flag });

/** /api/admin/seller/goods/delete */
export const adminSellerGoodsDeleteInputSchema = z.object({ sellerGoodsId: idInput });
