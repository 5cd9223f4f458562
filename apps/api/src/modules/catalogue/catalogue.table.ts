import type { ColumnType } from 'kysely';
import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** SQLite returns INTEGER as bigint (safe integers on), PostgreSQL integer/smallint as number. */
type IntColumn = ColumnType<number | bigint, number, number>;
type NullableIntColumn = ColumnType<number | bigint | null, number | null, number | null>;
type DefaultedInt = ColumnType<number | bigint, number | undefined, number>;
type DefaultedBigInt = ColumnType<bigint, bigint | number | undefined, bigint | number>;
type DefaultedText = ColumnType<string, string | undefined, string>;

/** The category tree, shared by every brand. `names` holds translations as JSON by UI language. */
export interface CategoriesTable {
  id: string;
  parent_id: string | null;
  name: string;
  names: string;
  icon_url: string;
  sort: IntColumn;
  is_recommend: IntColumn;
  status: IntColumn;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

/** Stores. `owner_user_id` is the accounts module's user (no foreign key across modules). */
export interface SellersTable {
  id: string;
  owner_user_id: string | null;
  name: string;
  logo_url: string;
  banner_url: string;
  description: string;
  country: string;
  /** The store's contact, first copied from its merchant application (empty for imported stores). */
  contact_phone: DefaultedText;
  contact_email: DefaultedText;
  status: IntColumn;
  is_recommend: IntColumn;
  views: DefaultedBigInt;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
  /** The language `name` and `description` are written in; null where nobody said. */
  lang: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Goods ("sellerGoods"). Money in atomic units (10^10); `price` is the effective price. */
export interface GoodsTable {
  id: string;
  seller_id: string;
  category_id: string;
  name: string;
  description: string;
  cover_url: string;
  images: string;
  price: BigIntColumn;
  selling_price: BigIntColumn;
  discount_price: NullableBigIntColumn;
  retail_price: BigIntColumn;
  original_price: BigIntColumn;
  stock: IntColumn;
  buy_min: IntColumn;
  sold: DefaultedBigInt;
  views: DefaultedBigInt;
  dispatch_fee: BigIntColumn;
  distance_fee: BigIntColumn;
  delivery_fee: BigIntColumn;
  status: IntColumn;
  is_new: IntColumn;
  is_hot: IntColumn;
  is_recommend: IntColumn;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
  /** The language `name` and `description` are written in; null where nobody said. */
  lang: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Name and description of goods in another language (the original stays in `goods`). */
export interface GoodsTextsTable {
  goods_id: string;
  lang: string;
  name: string;
  description: string;
}

/** A store's name and introduction in another language. */
export interface SellerTextsTable {
  seller_id: string;
  lang: string;
  name: string;
  description: string;
}

/** Specifications (variants); null price or stock means the goods' own applies. */
export interface GoodsSpecsTable {
  id: string;
  goods_id: string;
  name: string;
  price: NullableBigIntColumn;
  stock: NullableIntColumn;
  sort: DefaultedInt;
}

export interface BannersTable {
  id: string;
  position: string;
  title: string;
  image_url: string;
  link: string;
  sort: IntColumn;
  status: IntColumn;
  starts_at: NullableBigIntColumn;
  ends_at: NullableBigIntColumn;
  created_at: BigIntColumn;
  /** The language it is written in; null for every language. */
  lang: string | null;
}

export interface ActivitiesTable {
  id: string;
  title: string;
  description: string;
  image_url: string;
  link: string;
  status: IntColumn;
  starts_at: BigIntColumn;
  ends_at: BigIntColumn;
  created_at: BigIntColumn;
  /** The language it is written in; null for every language. */
  lang: string | null;
}

/** What a signed-in user looked at last, per goods (for "guess you like"). */
export interface RecentViewsTable {
  user_id: string;
  goods_id: string;
  viewed_at: BigIntColumn;
}

/** Small facts about the catalogue itself (the demo seed marker). */
export interface CatalogueMetaTable {
  key: string;
  value: string;
  updated_at: BigIntColumn;
}
