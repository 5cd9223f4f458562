/**
 * SQL of the seller's back office: the store a user owns and that store's goods (every goods
 * statement is scoped by the store's id, so another store's goods are simply not found),
 * specifications, stock changes that never go below zero, and opening a store. Removed goods
 * (status -1) are never read here.
 */
import { type SqlBool, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';
import { escapeLike } from './search.repository.ts';

export interface StoreRow {
  id: string;
  ownerUserId: string;
  name: string;
  logoUrl: string;
  bannerUrl: string;
  description: string;
  country: string;
  contactPhone: string;
  contactEmail: string;
  status: number;
  createdAt: number;
}

export interface OwnGoodsRow {
  id: string;
  sellerId: string;
  categoryId: string;
  name: string;
  description: string;
  coverUrl: string;
  images: string;
  price: bigint;
  sellingPrice: bigint;
  discountPrice: bigint | null;
  retailPrice: bigint;
  originalPrice: bigint;
  stock: number;
  buyMin: number;
  sold: bigint;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface OwnSpecRow {
  id: string;
  goodsId: string;
  name: string;
  price: bigint | null;
  stock: number | null;
  sort: number;
}

export type OwnGoodsSort = 'created' | 'price' | 'sold' | 'stock';

export interface OwnGoodsQuery {
  keyword?: string | undefined;
  categoryIds?: readonly string[] | undefined;
  status?: 0 | 1 | undefined;
  sort: OwnGoodsSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The writable columns of a goods (the effective `price` is derived from them). */
export interface GoodsFields {
  categoryId: string;
  name: string;
  description: string;
  coverUrl: string;
  images: string;
  sellingPrice: bigint;
  discountPrice: bigint | null;
  retailPrice: bigint;
  originalPrice: bigint;
  buyMin: number;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
}

export interface StoreFields {
  name: string;
  logoUrl: string;
  bannerUrl: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
}

const int = (v: unknown) => toNumber(v as number);
const big = (v: unknown) => BigInt(v as bigint);
const bigOrNull = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as bigint));

const SORT_COLUMNS = {
  created: 'g.created_at',
  price: 'g.price',
  sold: 'g.sold',
  stock: 'g.stock',
} as const;

function toStore(r: Record<string, unknown>): StoreRow {
  return {
    id: r.id as string,
    ownerUserId: r.owner_user_id as string,
    name: r.name as string,
    logoUrl: r.logo_url as string,
    bannerUrl: r.banner_url as string,
    description: r.description as string,
    country: r.country as string,
    contactPhone: r.contact_phone as string,
    contactEmail: r.contact_email as string,
    status: int(r.status),
    createdAt: int(r.created_at),
  };
}

function toGoods(r: Record<string, unknown>): OwnGoodsRow {
  return {
    id: r.id as string,
    sellerId: r.seller_id as string,
    categoryId: r.category_id as string,
    name: r.name as string,
    description: r.description as string,
    coverUrl: r.cover_url as string,
    images: r.images as string,
    price: big(r.price),
    sellingPrice: big(r.selling_price),
    discountPrice: bigOrNull(r.discount_price),
    retailPrice: big(r.retail_price),
    originalPrice: big(r.original_price),
    stock: int(r.stock),
    buyMin: int(r.buy_min),
    sold: big(r.sold),
    dispatchFee: big(r.dispatch_fee),
    distanceFee: big(r.distance_fee),
    deliveryFee: big(r.delivery_fee),
    status: int(r.status),
    createdAt: int(r.created_at),
    updatedAt: int(r.updated_at),
  };
}

function goodsColumns(f: GoodsFields) {
  return {
    category_id: f.categoryId,
    name: f.name,
    description: f.description,
    cover_url: f.coverUrl,
    images: f.images,
    price: f.discountPrice ?? f.sellingPrice,
    selling_price: f.sellingPrice,
    discount_price: f.discountPrice,
    retail_price: f.retailPrice,
    original_price: f.originalPrice,
    buy_min: f.buyMin,
    dispatch_fee: f.dispatchFee,
    distance_fee: f.distanceFee,
    delivery_fee: f.deliveryFee,
  };
}

export class SellerRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  // ---- the store ----

  /** The store a user owns (the oldest, should there be several). */
  async findStoreByOwner(ownerUserId: string, executor: Executor = this.db): Promise<StoreRow | undefined> {
    const r = await executor
      .selectFrom('sellers')
      .selectAll()
      .where('owner_user_id', '=', ownerUserId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return r ? toStore(r as Record<string, unknown>) : undefined;
  }

  async insertStore(
    tx: Executor,
    store: StoreFields & { id: string; ownerUserId: string; country: string },
    now: number,
  ) {
    await tx
      .insertInto('sellers')
      .values({
        id: store.id,
        owner_user_id: store.ownerUserId,
        name: store.name,
        logo_url: store.logoUrl,
        banner_url: store.bannerUrl,
        description: store.description,
        country: store.country,
        contact_phone: store.contactPhone,
        contact_email: store.contactEmail,
        status: 1,
        is_recommend: 0,
        views: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async updateStore(tx: Executor, id: string, f: StoreFields, now: number): Promise<void> {
    await tx
      .updateTable('sellers')
      .set({
        name: f.name,
        logo_url: f.logoUrl,
        banner_url: f.bannerUrl,
        description: f.description,
        contact_phone: f.contactPhone,
        contact_email: f.contactEmail,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Gives an ownerless store to a user (demo data); false when it already had an owner. */
  async claimStore(tx: Executor, storeId: string, ownerUserId: string, now: number): Promise<boolean> {
    const r = await tx
      .updateTable('sellers')
      .set({ owner_user_id: ownerUserId, updated_at: now })
      .where('id', '=', storeId)
      .where('owner_user_id', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Open stores without an owner, oldest first (demo stores waiting for a demo seller). */
  async ownerlessStores(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sellers')
      .select('id')
      .where('owner_user_id', 'is', null)
      .where('status', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Goods not removed, and those on sale, of one store. */
  async goodsCounts(sellerId: string): Promise<{ all: number; onSale: number }> {
    const r = await this.db
      .selectFrom('goods')
      .select([
        (eb) => eb.fn.countAll().as('n'),
        sql<number>`sum(case when status = 1 then 1 else 0 end)`.as('on_sale'),
      ])
      .where('seller_id', '=', sellerId)
      .where('status', '<>', -1)
      .executeTakeFirst();
    return { all: int(r?.n ?? 0), onSale: int(r?.on_sale ?? 0) };
  }

  // ---- goods ----

  async listGoods(sellerId: string, q: OwnGoodsQuery): Promise<{ rows: OwnGoodsRow[]; total: number }> {
    let base = this.db
      .selectFrom('goods as g')
      .where('g.seller_id', '=', sellerId)
      .where('g.status', '<>', -1);
    if (q.status !== undefined) base = base.where('g.status', '=', q.status);
    if (q.categoryIds)
      base = base.where('g.category_id', 'in', q.categoryIds.length > 0 ? [...q.categoryIds] : ['-']);
    if (q.keyword) {
      const pattern = `%${escapeLike(q.keyword)}%`;
      base = base.where(
        this.dialect === 'postgres'
          ? sql<SqlBool>`g.name ilike ${pattern} escape '\\'`
          : sql<SqlBool>`g.name like ${pattern} escape '\\'`,
      );
    }
    const column = SORT_COLUMNS[q.sort];
    const [rows, count] = await Promise.all([
      base
        .selectAll('g')
        .orderBy(column, q.order)
        .orderBy('g.id', q.order)
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { rows: rows.map((r) => toGoods(r as Record<string, unknown>)), total: int(count?.n ?? 0) };
  }

  /** One goods of this store (not removed); with `lock` its row is held for the transaction. */
  async findOwnGoods(
    executor: Executor,
    sellerId: string,
    goodsId: string,
    lock = false,
  ): Promise<OwnGoodsRow | undefined> {
    let q = executor
      .selectFrom('goods')
      .selectAll()
      .where('id', '=', goodsId)
      .where('seller_id', '=', sellerId)
      .where('status', '<>', -1);
    if (lock && this.dialect === 'postgres') q = q.forUpdate();
    const r = await q.executeTakeFirst();
    return r ? toGoods(r as Record<string, unknown>) : undefined;
  }

  /** Names and covers of this store's goods by id, removed ones included (their reviews remain). */
  async goodsNames(
    sellerId: string,
    ids: readonly string[],
  ): Promise<Map<string, { name: string; cover: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('goods')
      .select(['id', 'name', 'cover_url'])
      .where('seller_id', '=', sellerId)
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, cover: r.cover_url }]));
  }

  async specsOf(executor: Executor, goodsIds: readonly string[]): Promise<Map<string, OwnSpecRow[]>> {
    const out = new Map<string, OwnSpecRow[]>();
    if (goodsIds.length === 0) return out;
    const rows = await executor
      .selectFrom('goods_specs')
      .selectAll()
      .where('goods_id', 'in', [...goodsIds])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.goods_id) ?? [];
      list.push({
        id: r.id,
        goodsId: r.goods_id,
        name: r.name,
        price: bigOrNull(r.price),
        stock: r.stock === null ? null : int(r.stock),
        sort: int(r.sort),
      });
      out.set(r.goods_id, list);
    }
    return out;
  }

  async insertGoods(
    tx: Executor,
    g: GoodsFields & { id: string; sellerId: string; stock: number },
    now: number,
  ): Promise<void> {
    await tx
      .insertInto('goods')
      .values({
        id: g.id,
        seller_id: g.sellerId,
        ...goodsColumns(g),
        stock: g.stock,
        sold: 0,
        views: 0,
        // Taken off the shelf until the seller puts it on sale; a seller's new goods is a new arrival.
        status: 0,
        is_new: 1,
        is_hot: 0,
        is_recommend: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async updateGoods(tx: Executor, id: string, f: GoodsFields, now: number): Promise<void> {
    await tx
      .updateTable('goods')
      .set({ ...goodsColumns(f), updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async deleteSpecs(tx: Executor, goodsId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .deleteFrom('goods_specs')
      .where('goods_id', '=', goodsId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async insertSpec(tx: Executor, spec: OwnSpecRow): Promise<void> {
    await tx
      .insertInto('goods_specs')
      .values({
        id: spec.id,
        goods_id: spec.goodsId,
        name: spec.name,
        price: spec.price,
        stock: spec.stock,
        sort: spec.sort,
      })
      .execute();
  }

  /** Name, price and place of a kept specification; its stock changes only through changeSpecStock. */
  async updateSpec(tx: Executor, spec: Omit<OwnSpecRow, 'stock'>): Promise<void> {
    await tx
      .updateTable('goods_specs')
      .set({ name: spec.name, price: spec.price, sort: spec.sort })
      .where('id', '=', spec.id)
      .where('goods_id', '=', spec.goodsId)
      .execute();
  }

  /**
   * Adds `delta` (negative takes) to the goods' stock in one conditional update, so orders
   * reserving units at the same moment are never overwritten; the new stock, or undefined when it
   * would fall below zero or above `max`.
   */
  async changeGoodsStock(
    tx: Executor,
    goodsId: string,
    delta: number,
    max: number,
    now: number,
  ): Promise<number | undefined> {
    const r = await tx
      .updateTable('goods')
      .set({ stock: sql`stock + ${delta}`, updated_at: now })
      .where('id', '=', goodsId)
      .where(sql<SqlBool>`stock + ${delta} >= 0`)
      .where(sql<SqlBool>`stock + ${delta} <= ${max}`)
      .returning('stock')
      .executeTakeFirst();
    return r ? int(r.stock) : undefined;
  }

  async changeSpecStock(
    tx: Executor,
    specId: string,
    delta: number,
    max: number,
  ): Promise<number | undefined> {
    const r = await tx
      .updateTable('goods_specs')
      .set({ stock: sql`stock + ${delta}` })
      .where('id', '=', specId)
      .where('stock', 'is not', null)
      .where(sql<SqlBool>`stock + ${delta} >= 0`)
      .where(sql<SqlBool>`stock + ${delta} <= ${max}`)
      .returning('stock')
      .executeTakeFirst();
    return r ? int(r.stock) : undefined;
  }

  async setStatus(tx: Executor, goodsId: string, status: number, now: number): Promise<void> {
    await tx
      .updateTable('goods')
      .set({ status, updated_at: now })
      .where('id', '=', goodsId)
      .where('status', '<>', -1)
      .execute();
  }
}
