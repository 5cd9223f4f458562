/**
 * Catalogue, home, search, stores, reviews, favourites and follows (issue 3): the shapes the API
 * answers, for the storefront to import. Types and constants only (no runtime dependencies).
 * Money is a decimal string (`"12.5"`), times are wire times (`YYYY-MM-DD HH:mm:ss`, Shanghai).
 * Image URLs are same-origin paths (`/media/...`) unless a seller uploaded an absolute URL.
 */
import type { Page } from './envelope.ts';

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

export interface CategoryDto {
  categoryId: string;
  parentId: string | null;
  /** In the request's language when a translation exists, else English. */
  name: string;
  iconImg: string;
  recommend: boolean;
  sort: number;
  /** Goods on sale in this category and its descendants. */
  goodsCount: number;
}

export interface CategoryNodeDto extends CategoryDto {
  children: CategoryNodeDto[];
}

/** A goods card in lists (home blocks, category browse, search, favourites). */
export interface GoodsCardDto {
  sellerGoodsId: string;
  sellerId: string;
  sellerName: string;
  categoryId: string;
  name: string;
  /** Cover image (400x400). */
  imgUrl1: string;
  /** What a buyer pays now: `discountPrice` when discounted, else `sellingPrice`. */
  price: string;
  sellingPrice: string;
  /** Present while discounted (lower than `sellingPrice`), else null. */
  discountPrice: string | null;
  /** Suggested retail price (wholesale buyers resell at it). */
  retailPrice: string;
  /** List price before any markdown, shown crossed out. */
  originalPrice: string;
  soldNum: number;
  buyMin: number;
  isNew: boolean;
  isHot: boolean;
  isRecommend: boolean;
  isDiscount: boolean;
}

/** Search results carry `id` too (SPEC §3: "each with id and name"). */
export interface SearchGoodsDto extends GoodsCardDto {
  id: string;
}

export interface GoodsImageDto {
  /** 400x400. */
  imgUrl: string;
  /** 800x800 for the zoom lens. */
  zoomImg: string;
}

/** A specification (variant): the `checkAttrName` a cart line carries is `attrName`. */
export interface GoodsSpecDto {
  attrId: string;
  attrName: string;
  /** The specification's own price when it differs, else the goods price. */
  price: string;
  /** Own stock when the specification keeps one, else the goods stock. */
  stock: number;
}

export interface FreightDto {
  /** Dispatch (shipping) fee. */
  dispatchFee: string;
  /** Long-distance fee. */
  distanceFee: string;
  deliveryFee: string;
  /** Sum of the three (SPEC §9). */
  freight: string;
}

export interface ReviewCountsDto {
  good: number;
  medium: number;
  bad: number;
  total: number;
  /** Reviews that carry images. */
  withImages: number;
  /** good / total in percent with one decimal ("98.2"); null without reviews. */
  favourableRate: string | null;
}

/** A store with its figures, all computed from rows. */
export interface SellerCardDto {
  sellerId: string;
  name: string;
  /** 160x160. */
  logo: string;
  country: string;
  recommend: boolean;
  /** Users following the store. */
  followers: number;
  /** Units sold over all its goods. */
  soldNum: number;
  /** Store page views plus views of its goods. */
  viewsNum: number;
  /** Good reviews over all reviews of its goods, percent with one decimal; null without reviews. */
  praiseRate: string | null;
  goodsCount: number;
}

export interface SellerInfoDto extends SellerCardDto {
  /** 1200x300. */
  banner: string;
  description: string;
  createTime: string;
  /** Whether the caller follows it (false for visitors). */
  isFocus: boolean;
}

export interface GoodsInfoDto extends GoodsCardDto {
  description: string;
  /** 800x800 zoom image of the cover. */
  zoomImg: string;
  images: GoodsImageDto[];
  /** Empty when the goods has no variants; a cart line then has no `checkAttrName`. */
  specs: GoodsSpecDto[];
  /** Goods stock (variants with their own stock say so in `specs`). */
  stock: number;
  viewsNum: number;
  /** Users who favourited it. */
  keepNum: number;
  freight: FreightDto;
  reviews: ReviewCountsDto;
  categoryName: string;
  shipWithinHours: number;
  returnDays: number;
  createTime: string;
  seller: SellerCardDto;
  /** Whether the caller favourited it / follows its store (false for visitors). */
  isKeep: boolean;
  isFocus: boolean;
}

export interface BannerDto {
  bannerId: string;
  title: string;
  /** 1200x400. */
  imgUrl: string;
  /** Storefront path or absolute URL; empty for none. */
  link: string;
  sort: number;
}

export interface ActivityDto {
  activityId: string;
  title: string;
  description: string;
  imgUrl: string;
  link: string;
  startTime: string;
  endTime: string;
}

export interface HomeDto {
  /** Top-level categories. */
  categoryList: CategoryDto[];
  /** Recommended goods. */
  recommendList: Page<GoodsCardDto>;
  /** Daily new arrivals (newest first). */
  newList: Page<GoodsCardDto>;
  /** Discounted goods (the bottom block). */
  bottomList: Page<GoodsCardDto>;
  /** Recommended stores. */
  merchantList: Page<SellerCardDto>;
  /** Best sellers of the recommended stores. */
  merchantGoodsList: Page<GoodsCardDto>;
  /** Hot sales (by units sold). */
  sellerGoodsList: Page<GoodsCardDto>;
  homeBanner: BannerDto[];
  downAppUrl: string;
  /** Counted from the data, for claims such as "over 50,000 products". */
  goodsCount: number;
  sellerCount: number;
}

export interface ReviewDto {
  evaluationId: string;
  sellerGoodsId: string;
  /** Masked ("j***n"). */
  userName: string;
  /** 1 good, 2 medium, 3 bad. */
  evaluationType: Rating;
  content: string;
  /** Up to 9 (400x400). */
  imgUrls: string[];
  /** The specification bought, empty for none. */
  attrName: string;
  createTime: string;
}

export interface SearchDto {
  goodsList: SearchGoodsDto[];
  goodsTotal: number;
  sellerList: (SellerCardDto & { id: string })[];
  sellerTotal: number;
}

export interface SuggestionDto {
  sellerGoodsId: string;
  name: string;
  imgUrl1: string;
  price: string;
}

export interface KeepGoodsDto extends GoodsCardDto {
  /** When it was favourited. */
  keepTime: string;
  /** False once removed or taken off the shelf (it stays in the list, greyed). */
  onSale: boolean;
}

export interface FocusSellerDto extends SellerCardDto {
  focusTime: string;
}

export interface CountDto {
  count: number;
}
