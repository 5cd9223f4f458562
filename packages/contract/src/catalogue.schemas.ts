import { z } from 'zod';
import { RATINGS } from './catalogue.ts';
import { pageSchema } from './envelope.schemas.ts';

/**
 * Present when the texts shown (a name, a description, a review) are the seller's or reviewer's
 * original rather than in the request's language: the original's language code, or null where it
 * is not known. Absent when they are in the request's language. The storefront marks such texts.
 */
export const originalLangSchema = z.string().nullable().optional();

export const categorySchema = z.object({
  categoryId: z.string(),
  parentId: z.string().nullable(),
  /** In the request's language when a translation exists, else English. */
  name: z.string(),
  iconImg: z.string(),
  recommend: z.boolean(),
  sort: z.number(),
  /** Goods on sale in this category and its descendants. */
  goodsCount: z.number(),
});
export type CategoryDto = z.infer<typeof categorySchema>;

export type CategoryNodeDto = CategoryDto & { children: CategoryNodeDto[] };
export const categoryNodeSchema: z.ZodType<CategoryNodeDto> = categorySchema.extend({
  get children() {
    return z.array(categoryNodeSchema);
  },
});

/** A goods card in lists (home blocks, category browse, search, favourites). */
export const goodsCardSchema = z.object({
  sellerGoodsId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  categoryId: z.string(),
  name: z.string(),
  /** Cover image (400x400). */
  imgUrl1: z.string(),
  /** What a buyer pays now: `discountPrice` when discounted, else `sellingPrice`. */
  price: z.string(),
  sellingPrice: z.string(),
  /** Present while discounted (lower than `sellingPrice`), else null. */
  discountPrice: z.string().nullable(),
  /** Suggested retail price (wholesale buyers resell at it). */
  retailPrice: z.string(),
  /** List price before any markdown, shown crossed out. */
  originalPrice: z.string(),
  soldNum: z.number(),
  buyMin: z.number(),
  isNew: z.boolean(),
  isHot: z.boolean(),
  isRecommend: z.boolean(),
  isDiscount: z.boolean(),
  /** The name (and on the goods page the description) is the original, in this language. */
  originalLang: originalLangSchema,
});
export type GoodsCardDto = z.infer<typeof goodsCardSchema>;

/** Search results carry `id` too (SPEC §3: "each with id and name"). */
export const searchGoodsSchema = goodsCardSchema.extend({ id: z.string() });
export type SearchGoodsDto = z.infer<typeof searchGoodsSchema>;

export const goodsImageSchema = z.object({
  /** 400x400. */
  imgUrl: z.string(),
  /** 800x800 for the zoom lens. */
  zoomImg: z.string(),
});
export type GoodsImageDto = z.infer<typeof goodsImageSchema>;

/** A specification (variant): the `checkAttrName` a cart line carries is `attrName`. */
export const goodsSpecSchema = z.object({
  attrId: z.string(),
  attrName: z.string(),
  /** The specification's own price when it differs, else the goods price. */
  price: z.string(),
  /** Own stock when the specification keeps one, else the goods stock. */
  stock: z.number(),
});
export type GoodsSpecDto = z.infer<typeof goodsSpecSchema>;

export const freightSchema = z.object({
  /** Dispatch (shipping) fee. */
  dispatchFee: z.string(),
  /** Long-distance fee. */
  distanceFee: z.string(),
  deliveryFee: z.string(),
  /** Sum of the three (SPEC §9). */
  freight: z.string(),
});
export type FreightDto = z.infer<typeof freightSchema>;

export const reviewCountsSchema = z.object({
  good: z.number(),
  medium: z.number(),
  bad: z.number(),
  total: z.number(),
  /** Reviews that carry images. */
  withImages: z.number(),
  /** good / total in percent with one decimal ("98.2"); null without reviews. */
  favourableRate: z.string().nullable(),
});
export type ReviewCountsDto = z.infer<typeof reviewCountsSchema>;

/** A store with its figures, all computed from rows. */
export const sellerCardSchema = z.object({
  sellerId: z.string(),
  name: z.string(),
  /** 160x160. */
  logo: z.string(),
  country: z.string(),
  recommend: z.boolean(),
  /** Users following the store. */
  followers: z.number(),
  /** Units sold over all its goods. */
  soldNum: z.number(),
  /** Store page views plus views of its goods. */
  viewsNum: z.number(),
  /** Good reviews over all reviews of its goods, percent with one decimal; null without reviews. */
  praiseRate: z.string().nullable(),
  goodsCount: z.number(),
  /** The name (and on the store page the introduction) is the original, in this language. */
  originalLang: originalLangSchema,
});
export type SellerCardDto = z.infer<typeof sellerCardSchema>;

export const sellerInfoSchema = sellerCardSchema.extend({
  /** 1200x300. */
  banner: z.string(),
  description: z.string(),
  createTime: z.string(),
  /** Whether the caller follows it (false for visitors). */
  isFocus: z.boolean(),
});
export type SellerInfoDto = z.infer<typeof sellerInfoSchema>;

export const goodsInfoSchema = goodsCardSchema.extend({
  description: z.string(),
  /** 800x800 zoom image of the cover. */
  zoomImg: z.string(),
  images: z.array(goodsImageSchema),
  /** Empty when the goods has no variants; a cart line then has no `checkAttrName`. */
  specs: z.array(goodsSpecSchema),
  /** Goods stock (variants with their own stock say so in `specs`). */
  stock: z.number(),
  viewsNum: z.number(),
  /** Users who favourited it. */
  keepNum: z.number(),
  freight: freightSchema,
  reviews: reviewCountsSchema,
  categoryName: z.string(),
  shipWithinHours: z.number(),
  returnDays: z.number(),
  createTime: z.string(),
  seller: sellerCardSchema,
  /** Whether the caller favourited it / follows its store (false for visitors). */
  isKeep: z.boolean(),
  isFocus: z.boolean(),
});
export type GoodsInfoDto = z.infer<typeof goodsInfoSchema>;

export const bannerSchema = z.object({
  bannerId: z.string(),
  title: z.string(),
  /** 1200x400. */
  imgUrl: z.string(),
  /** Storefront path or absolute URL; empty for none. */
  link: z.string(),
  sort: z.number(),
});
export type BannerDto = z.infer<typeof bannerSchema>;

export const activitySchema = z.object({
  activityId: z.string(),
  title: z.string(),
  description: z.string(),
  imgUrl: z.string(),
  link: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type ActivityDto = z.infer<typeof activitySchema>;

export const homeSchema = z.object({
  /** Top-level categories. */
  categoryList: z.array(categorySchema),
  /** Recommended goods. */
  recommendList: pageSchema(goodsCardSchema),
  /** Daily new arrivals (newest first). */
  newList: pageSchema(goodsCardSchema),
  /** Discounted goods (the bottom block). */
  bottomList: pageSchema(goodsCardSchema),
  /** Recommended stores. */
  merchantList: pageSchema(sellerCardSchema),
  /** Best sellers of the recommended stores. */
  merchantGoodsList: pageSchema(goodsCardSchema),
  /** Hot sales (by units sold). */
  sellerGoodsList: pageSchema(goodsCardSchema),
  homeBanner: z.array(bannerSchema),
  downAppUrl: z.string(),
  /** Counted from the data, for claims such as "over 50,000 products". */
  goodsCount: z.number(),
  sellerCount: z.number(),
});
export type HomeDto = z.infer<typeof homeSchema>;

export const reviewSchema = z.object({
  evaluationId: z.string(),
  sellerGoodsId: z.string(),
  /** Masked ("j***n"). */
  userName: z.string(),
  /** 1 good, 2 medium, 3 bad. */
  evaluationType: z.union([z.literal(RATINGS.good), z.literal(RATINGS.medium), z.literal(RATINGS.bad)]),
  content: z.string(),
  /** Up to 9 (400x400). */
  imgUrls: z.array(z.string()),
  /** The specification bought, empty for none. */
  attrName: z.string(),
  createTime: z.string(),
  /** The content is the reviewer's original, in this language. */
  originalLang: originalLangSchema,
});
export type ReviewDto = z.infer<typeof reviewSchema>;

export const searchSchema = z.object({
  goodsList: z.array(searchGoodsSchema),
  goodsTotal: z.number(),
  sellerList: z.array(sellerCardSchema.extend({ id: z.string() })),
  sellerTotal: z.number(),
});
export type SearchDto = z.infer<typeof searchSchema>;

export const suggestionSchema = z.object({
  sellerGoodsId: z.string(),
  name: z.string(),
  imgUrl1: z.string(),
  price: z.string(),
});
export type SuggestionDto = z.infer<typeof suggestionSchema>;

export const keepGoodsSchema = goodsCardSchema.extend({
  /** When it was favourited. */
  keepTime: z.string(),
  /** False once removed or taken off the shelf (it stays in the list, greyed). */
  onSale: z.boolean(),
});
export type KeepGoodsDto = z.infer<typeof keepGoodsSchema>;

export const focusSellerSchema = sellerCardSchema.extend({ focusTime: z.string() });
export type FocusSellerDto = z.infer<typeof focusSellerSchema>;

export const countSchema = z.object({ count: z.number() });
export type CountDto = z.infer<typeof countSchema>;
