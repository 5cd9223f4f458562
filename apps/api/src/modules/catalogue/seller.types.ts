/** What the seller's store and goods calls take, and what they need from other modules. */
import type { SellerGoodsSort } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { Executor } from '../../core/db/database.ts';
import type { PageRequest } from '../../core/http/paging.ts';

/** Which of these goods were ever ordered: answered by the orders module (wired in app.ts). */
export type OrderedGoods = (executor: Executor, goodsIds: readonly string[]) => Promise<Set<string>>;

/** The URL of an image the user uploaded (by id or URL), or IMAGE_NOT_FOUND: the upload module's check. */
export type OwnImageUrl = (brand: string, userId: string, ref: string) => Promise<string>;

export interface SpecInput {
  /** A kept specification of this goods; absent for a new one. */
  attrId?: string | undefined;
  name: string;
  /** Null: the goods' price applies. */
  price: bigint | null;
  /** Stock of a new specification (null: it sells from the goods' stock); ignored for kept ones. */
  stock: number | null;
}

export interface GoodsInput {
  name: string;
  categoryId: string;
  description: string;
  /** Uploaded image URLs or ids (the first is the cover); on edit also the goods' current images. */
  images: string[];
  sellingPrice: bigint;
  discountPrice: bigint | null;
  retailPrice: bigint | null;
  originalPrice: bigint | null;
  buyMin: number;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
  /** The goods' stock when it is created; ignored on edit (see changeStock). */
  stock: number;
  specs: SpecInput[];
  /** The language name and description are written in (the request's when left out). */
  lang?: LanguageCode | undefined;
  /** Name and description in other languages; undefined leaves them as they are (on update). */
  translations?: { lang: LanguageCode; name: string; description: string }[] | undefined;
}

export interface OwnGoodsListQuery extends PageRequest {
  keyword?: string | undefined;
  categoryId?: string | undefined;
  status?: 0 | 1 | undefined;
  sort: SellerGoodsSort;
  order: 'asc' | 'desc';
}

export interface StoreInput {
  name: string;
  logo: string;
  banner: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
}

export interface NewStore {
  ownerUserId: string;
  name: string;
  country: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
}
