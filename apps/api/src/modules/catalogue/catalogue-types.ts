/** What the catalogue's parts share: its sources in other modules, its queries, its event. */
import type { GoodsListType, GoodsSort, ReviewCountsDto } from '@mall/contract';
import type { PageRequest } from '../../core/http/paging.ts';

/** Who follows and favourites what: answered by the favourites module. */
export interface AudienceSource {
  followerCounts(sellerIds: readonly string[]): Promise<Map<string, number>>;
  keepCount(goodsId: string): Promise<number>;
  isKeeping(userId: string, goodsId: string): Promise<boolean>;
  isFollowing(userId: string, sellerId: string): Promise<boolean>;
  /** A user's most recent favourites and follows. */
  interests(userId: string, limit: number): Promise<{ goodsIds: string[]; sellerIds: string[] }>;
}

/** Review figures: answered by the reviews module. */
export interface RatingSource {
  goodsCounts(goodsId: string): Promise<ReviewCountsDto>;
  sellerPraise(sellerIds: readonly string[]): Promise<Map<string, { good: number; total: number }>>;
}

export interface GoodsQuery extends PageRequest {
  keyword?: string | undefined;
  categoryId?: string | undefined;
  sellerId?: string | undefined;
  type: GoodsListType;
  sort: GoodsSort;
  minPrice?: bigint | undefined;
  maxPrice?: bigint | undefined;
}

export interface SellerQuery extends PageRequest {
  keyword?: string | undefined;
  recommend?: boolean | undefined;
  country?: string | undefined;
}

/** What the orders flow needs to sell one goods (and specification) now. */
export interface Purchasable {
  sellerGoodsId: string;
  sellerId: string;
  /** The store owner's user id (a seller cannot buy from their own store). */
  sellerOwnerUserId: string | null;
  name: string;
  imgUrl1: string;
  attrId: string | null;
  /** The `checkAttrName` of a cart line; empty without specifications. */
  attrName: string;
  /** Atomic units (10^10). */
  unitPrice: bigint;
  stock: number;
  buyMin: number;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
}

export interface StockChange {
  sellerGoodsId: string;
  /** Specification id or name; absent for goods without specifications. */
  attr?: string | undefined;
  quantity: number;
}

/** On the bus after a change: `{ goodsIds }` when only those goods' pages changed, `{}` for anything. */
export const CATALOGUE_CHANGED = 'catalogue.changed';

/** The edge cache's tag of a goods page (core/http/edge-cache.ts). */
export function goodsTag(goodsId: string): string {
  return `goods:${goodsId}`;
}

/** What a CATALOGUE_CHANGED payload drops at the edge: those goods' pages, or everything. */
export function catalogueTags(payload: unknown): readonly string[] | 'all' {
  // A store's figures (a follow) change no goods page; visitors' store pages expire in seconds.
  if (Array.isArray((payload as { sellerIds?: unknown } | null)?.sellerIds)) return [];
  const goodsIds = (payload as { goodsIds?: unknown } | null)?.goodsIds;
  if (!Array.isArray(goodsIds)) return 'all';
  return goodsIds.filter((id): id is string => typeof id === 'string').map(goodsTag);
}
