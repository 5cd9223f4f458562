/** Page sizes of the catalogue's lists (SPEC §9: home lists 12, merchants 10, recommended 10, user lists 20). */
export const CATALOGUE_PAGE_SIZES = {
  goods: 12,
  sellers: 10,
  recommended: 10,
  reviews: 20,
  favourites: 20,
  follows: 20,
  searchSellers: 10,
  suggestions: 10,
} as const;

/** Longest keyword the search calls accept (characters after trimming); longer is PARAMETER_ERROR. */
export const SEARCH_KEYWORD_MAX = 100;

/** Pixel sizes of generated images, so pages can reserve the space (no layout shift). */
export const IMAGE_SIZES = {
  goods: { width: 400, height: 400 },
  zoom: { width: 800, height: 800 },
  sellerLogo: { width: 160, height: 160 },
  sellerBanner: { width: 1200, height: 300 },
  banner: { width: 1200, height: 400 },
  categoryIcon: { width: 96, height: 96 },
  reviewImage: { width: 400, height: 400 },
} as const;

/** Sorts of goods lists and searches. `default`: relevance then sales for a keyword, else sales. */
export const GOODS_SORTS = ['default', 'sales', 'price_asc', 'price_desc', 'new'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];

/** Merchandising lists of `/api/sellerGoods/list` (`type`). */
export const GOODS_LIST_TYPES = ['all', 'new', 'hot', 'recommend', 'discount'] as const;
export type GoodsListType = (typeof GOODS_LIST_TYPES)[number];

/** Review ratings as the wire numbers them (`evaluationType`). */
export const RATINGS = { good: 1, medium: 2, bad: 3 } as const;
export type Rating = (typeof RATINGS)[keyof typeof RATINGS];

/** Goods status: 1 on sale, 0 taken off the shelf by its seller, -1 removed. */
export const GOODS_STATUS = { onSale: 1, offShelf: 0, removed: -1 } as const;
export type GoodsStatus = (typeof GOODS_STATUS)[keyof typeof GOODS_STATUS];

/** Shipping promises of SPEC §9, shown as the product page's shipping tips. */
export const SHIPPING_PROMISE = { shipWithinHours: 24, returnDays: 7 } as const;

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './catalogue.schemas.ts';
