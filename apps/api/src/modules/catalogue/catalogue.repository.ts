/**
 * SQL of the catalogue: categories, stores, goods, specifications, banners, activities, views.
 * Keyword matching lives in search.repository.ts. Rows stay in the module (mapped in the service).
 */
import type { LanguageCode } from '@mall/i18n';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';
import { affected, precompiled } from '../../core/db/precompiled.ts';
import type { Database } from '../../core/db/schema.ts';

export interface CategoryRow {
  id: string;
  parentId: string | null;
  name: string;
  names: string;
  iconUrl: string;
  sort: number;
  recommend: boolean;
}

export interface GoodsCardRow {
  id: string;
  sellerId: string;
  sellerName: string;
  categoryId: string;
  name: string;
  coverUrl: string;
  price: bigint;
  sellingPrice: bigint;
  discountPrice: bigint | null;
  retailPrice: bigint;
  originalPrice: bigint;
  sold: bigint;
  buyMin: number;
  isNew: boolean;
  isHot: boolean;
  isRecommend: boolean;
}

export interface GoodsRow extends GoodsCardRow {
  sellerOwnerUserId: string | null;
  sellerStatus: number;
  description: string;
  images: string;
  stock: number;
  views: bigint;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
  status: number;
  createdAt: number;
}

export interface SpecRow {
  id: string;
  goodsId: string;
  name: string;
  price: bigint | null;
  stock: number | null;
}

export interface SellerRow {
  id: string;
  ownerUserId: string | null;
  name: string;
  logoUrl: string;
  bannerUrl: string;
  description: string;
  country: string;
  status: number;
  recommend: boolean;
  views: bigint;
  createdAt: number;
}

export interface SellerGoodsFigures {
  goodsCount: number;
  sold: bigint;
  goodsViews: bigint;
}

export interface BannerRow {
  id: string;
  title: string;
  imageUrl: string;
  link: string;
  sort: number;
}

export interface ActivityRow {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  link: string;
  startsAt: number;
  endsAt: number;
}

/** Filters shared by lists and keyword searches. */
export interface GoodsFilter {
  categoryIds?: readonly string[] | undefined;
  sellerIds?: readonly string[] | undefined;
  flag?: 'new' | 'hot' | 'recommend' | 'discount' | undefined;
  minPrice?: bigint | undefined;
  maxPrice?: bigint | undefined;
  excludeIds?: readonly string[] | undefined;
  /** Goods in any of these categories or stores ("guess you like"). */
  anyOf?: { categoryIds: readonly string[]; sellerIds: readonly string[] } | undefined;
}

export type GoodsOrder = 'sales' | 'price_asc' | 'price_desc' | 'new';

/** Recent views kept per user (the newest). */
export const RECENT_VIEWS_KEPT = 100;

type GoodsEb = ExpressionBuilder<Database & { g: Database['goods'] }, 'g'>;

const bool = (v: unknown) => toNumber(v as number) === 1;
const int = (v: unknown) => toNumber(v as number);
const big = (v: unknown) => BigInt(v as bigint);
const bigOrNull = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as bigint));

const CARD_COLUMNS = [
  'g.id',
  'g.seller_id',
  's.name as seller_name',
  'g.category_id',
  'g.name',
  'g.cover_url',
  'g.price',
  'g.selling_price',
  'g.discount_price',
  'g.retail_price',
  'g.original_price',
  'g.sold',
  'g.buy_min',
  'g.is_new',
  'g.is_hot',
  'g.is_recommend',
] as const;

export function toCardRow(r: Record<string, unknown>): GoodsCardRow {
  return {
    id: r.id as string,
    sellerId: r.seller_id as string,
    sellerName: r.seller_name as string,
    categoryId: r.category_id as string,
    name: r.name as string,
    coverUrl: r.cover_url as string,
    price: big(r.price),
    sellingPrice: big(r.selling_price),
    discountPrice: bigOrNull(r.discount_price),
    retailPrice: big(r.retail_price),
    originalPrice: big(r.original_price),
    sold: big(r.sold),
    buyMin: int(r.buy_min),
    isNew: bool(r.is_new),
    isHot: bool(r.is_hot),
    isRecommend: bool(r.is_recommend),
  };
}

// The catalogue's part of every checkout, compiled once (core/db/precompiled.ts).
const selectGoods = precompiled<{ id: string }>((db, p) =>
  db
    .selectFrom('goods as g')
    .innerJoin('sellers as s', 's.id', 'g.seller_id')
    .select([
      ...CARD_COLUMNS,
      'g.description',
      'g.images',
      'g.stock',
      'g.views',
      'g.dispatch_fee',
      'g.distance_fee',
      'g.delivery_fee',
      'g.status',
      'g.created_at',
      's.owner_user_id',
      's.status as seller_status',
    ])
    .where('g.id', '=', p.id),
);
const selectSpecs = precompiled<
  { goodsId: string },
  { id: string; goods_id: string; name: string; price: bigint | null; stock: bigint | number | null }
>((db, p) =>
  db
    .selectFrom('goods_specs')
    .select(['id', 'goods_id', 'name', 'price', 'stock'])
    .where('goods_id', '=', p.goodsId)
    .orderBy('sort')
    .orderBy('id'),
);
const takeStock = precompiled<{ quantity: number; now: number; goodsId: string }>((db, p) =>
  db
    .updateTable('goods')
    .set({ stock: sql`stock - ${p.quantity}`, updated_at: p.now })
    .where('id', '=', p.goodsId)
    .where('status', '=', 1)
    .where('stock', '>=', p.quantity),
);
const addSoldUnits = precompiled<{ delta: number; goodsId: string }>((db, p) =>
  db
    .updateTable('goods')
    .set({ sold: sql`case when sold + ${p.delta} < 0 then 0 else sold + ${p.delta} end` })
    .where('id', '=', p.goodsId),
);

function toSellerRow(r: Record<string, unknown>): SellerRow {
  return {
    id: r.id as string,
    ownerUserId: (r.owner_user_id as string | null) ?? null,
    name: r.name as string,
    logoUrl: r.logo_url as string,
    bannerUrl: r.banner_url as string,
    description: r.description as string,
    country: r.country as string,
    status: int(r.status),
    recommend: bool(r.is_recommend),
    views: big(r.views),
    createdAt: int(r.created_at),
  };
}

/** The WHERE of a goods filter (goods aliased `g`); on-sale goods only. */
export function goodsWhere(eb: GoodsEb, filter: GoodsFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb('g.status', '=', 1)];
  if (filter.categoryIds) parts.push(eb('g.category_id', 'in', [...filter.categoryIds]));
  if (filter.sellerIds) parts.push(eb('g.seller_id', 'in', [...filter.sellerIds]));
  // Literal flags, not parameters: that is what lets the partial indexes of each flag be used.
  if (filter.flag === 'new') parts.push(eb('g.is_new', '=', eb.lit(1)));
  if (filter.flag === 'hot') parts.push(eb('g.is_hot', '=', eb.lit(1)));
  if (filter.flag === 'recommend') parts.push(eb('g.is_recommend', '=', eb.lit(1)));
  if (filter.flag === 'discount') parts.push(eb('g.discount_price', 'is not', null));
  if (filter.minPrice !== undefined) parts.push(eb('g.price', '>=', filter.minPrice));
  if (filter.maxPrice !== undefined) parts.push(eb('g.price', '<=', filter.maxPrice));
  if (filter.excludeIds && filter.excludeIds.length > 0) {
    parts.push(eb('g.id', 'not in', [...filter.excludeIds]));
  }
  if (filter.anyOf) {
    const any: Expression<SqlBool>[] = [];
    if (filter.anyOf.categoryIds.length > 0)
      any.push(eb('g.category_id', 'in', [...filter.anyOf.categoryIds]));
    if (filter.anyOf.sellerIds.length > 0) any.push(eb('g.seller_id', 'in', [...filter.anyOf.sellerIds]));
    parts.push(any.length > 0 ? eb.or(any) : eb.lit(false));
  }
  return eb.and(parts);
}

export class CatalogueRepository {
  constructor(
    readonly db: Executor,
    readonly dialect: DialectName,
  ) {}

  // ---- categories ----

  async findCategories(): Promise<CategoryRow[]> {
    const rows = await this.db
      .selectFrom('categories')
      .select(['id', 'parent_id', 'name', 'names', 'icon_url', 'sort', 'is_recommend'])
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      name: r.name,
      names: r.names,
      iconUrl: r.icon_url,
      sort: int(r.sort),
      recommend: bool(r.is_recommend),
    }));
  }

  /** On-sale goods per category (leaf counts; the tree sums them upwards). */
  async countGoodsByCategory(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('goods')
      .select(['category_id', (eb) => eb.fn.countAll().as('n')])
      .where('status', '=', 1)
      .groupBy('category_id')
      .execute();
    return new Map(rows.map((r) => [r.category_id, int(r.n)]));
  }

  /** Categories of a store's on-sale goods with their counts. */
  async countSellerGoodsByCategory(sellerId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('goods')
      .select(['category_id', (eb) => eb.fn.countAll().as('n')])
      .where('seller_id', '=', sellerId)
      .where('status', '=', 1)
      .groupBy('category_id')
      .execute();
    return new Map(rows.map((r) => [r.category_id, int(r.n)]));
  }

  // ---- goods ----

  /**
   * A page of goods in two steps: the ids of the page from an index alone (category, store or
   * status, then the sort column and id), then those 12 rows with their store's name. Sorting
   * thousands of whole rows to keep 12 cost 40 ms on a category of the 50,000-goods catalogue;
   * sorting index entries costs one.
   */
  async listGoods(
    filter: GoodsFilter,
    order: GoodsOrder,
    limit: number,
    offset: number,
  ): Promise<GoodsCardRow[]> {
    const page = applyOrder(
      this.db
        .selectFrom('goods as g')
        .select('g.id')
        .where((eb) => goodsWhere(eb as unknown as GoodsEb, filter)),
      order,
    )
      .limit(limit)
      .offset(offset);
    const rows = await applyOrder(
      this.db
        .selectFrom('goods as g')
        .innerJoin('sellers as s', 's.id', 'g.seller_id')
        .select(CARD_COLUMNS)
        .where('g.id', 'in', page),
      order,
    ).execute();
    return rows.map((r) => toCardRow(r as Record<string, unknown>));
  }

  async countGoods(filter: GoodsFilter): Promise<number> {
    const row = await this.db
      .selectFrom('goods as g')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => goodsWhere(eb as unknown as GoodsEb, filter))
      .executeTakeFirst();
    return int(row?.n ?? 0);
  }

  async findCardsByIds(ids: readonly string[]): Promise<(GoodsCardRow & { status: number })[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('goods as g')
      .innerJoin('sellers as s', 's.id', 'g.seller_id')
      .select([...CARD_COLUMNS, 'g.status'])
      .where('g.id', 'in', [...ids])
      .execute();
    return rows.map((r) => ({ ...toCardRow(r as Record<string, unknown>), status: int(r.status) }));
  }

  /** Goods statuses by id (to tell on-sale favourites from removed ones). */
  async findStatuses(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('goods')
      .select(['id', 'status'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, int(r.status)]));
  }

  async findGoods(id: string, executor: Executor = this.db): Promise<GoodsRow | undefined> {
    const row = (await selectGoods(executor, { id })).rows[0];
    if (!row) return undefined;
    return {
      ...toCardRow(row),
      sellerOwnerUserId: (row.owner_user_id as string | null) ?? null,
      sellerStatus: int(row.seller_status),
      description: row.description as string,
      images: row.images as string,
      stock: int(row.stock),
      views: big(row.views),
      dispatchFee: big(row.dispatch_fee),
      distanceFee: big(row.distance_fee),
      deliveryFee: big(row.delivery_fee),
      status: int(row.status),
      createdAt: int(row.created_at),
    };
  }

  async findSpecs(goodsId: string, executor: Executor = this.db): Promise<SpecRow[]> {
    const { rows } = await selectSpecs(executor, { goodsId });
    return rows.map((r) => ({
      id: r.id,
      goodsId: r.goods_id,
      name: r.name,
      price: bigOrNull(r.price),
      stock: r.stock === null ? null : int(r.stock),
    }));
  }

  /** Goods in a user's recent views, newest first. */
  async recentViews(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('recent_views')
      .select('goods_id')
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.goods_id);
  }

  async categoriesOfGoods(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('goods')
      .select('category_id')
      .distinct()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.category_id);
  }

  async countOnSaleGoods(): Promise<number> {
    const row = await this.db
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 1)
      .executeTakeFirst();
    return int(row?.n ?? 0);
  }

  // ---- stock and sales (conditional updates: never below zero) ----

  async takeGoodsStock(executor: Executor, goodsId: string, quantity: number, now: number): Promise<boolean> {
    return affected(await takeStock(executor, { quantity, now, goodsId })) > 0n;
  }

  async takeSpecStock(executor: Executor, specId: string, quantity: number): Promise<boolean> {
    const r = await executor
      .updateTable('goods_specs')
      .set({ stock: sql`stock - ${quantity}` })
      .where('id', '=', specId)
      .where('stock', 'is not', null)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async returnGoodsStock(
    executor: Executor,
    goodsId: string,
    quantity: number,
    now: number,
  ): Promise<boolean> {
    const r = await executor
      .updateTable('goods')
      .set({ stock: sql`stock + ${quantity}`, updated_at: now })
      .where('id', '=', goodsId)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async returnSpecStock(executor: Executor, specId: string, quantity: number): Promise<boolean> {
    const r = await executor
      .updateTable('goods_specs')
      .set({ stock: sql`stock + ${quantity}` })
      .where('id', '=', specId)
      .where('stock', 'is not', null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Adds units sold (negative on refunds), never below zero. */
  async addSold(executor: Executor, goodsId: string, delta: number): Promise<boolean> {
    return affected(await addSoldUnits(executor, { delta, goodsId })) > 0n;
  }

  async setGoodsStatus(executor: Executor, goodsId: string, status: number, now: number): Promise<boolean> {
    const r = await executor
      .updateTable('goods')
      .set({ status, updated_at: now })
      .where('id', '=', goodsId)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  // ---- page views (batched) ----

  async addGoodsViews(executor: Executor, counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, n] of counts) {
      await executor
        .updateTable('goods')
        .set((eb) => ({ views: eb('views', '+', BigInt(n)) }))
        .where('id', '=', id)
        .execute();
    }
  }

  async addSellerViews(executor: Executor, counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, n] of counts) {
      await executor
        .updateTable('sellers')
        .set((eb) => ({ views: eb('views', '+', BigInt(n)) }))
        .where('id', '=', id)
        .execute();
    }
  }

  async upsertRecentViews(
    executor: Executor,
    rows: readonly { userId: string; goodsId: string; viewedAt: number }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((r) => ({
        user_id: r.userId,
        goods_id: r.goodsId,
        viewed_at: r.viewedAt,
      }));
      await executor
        .insertInto('recent_views')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'goods_id'])
            .doUpdateSet((eb) => ({ viewed_at: eb.ref('excluded.viewed_at') })),
        )
        .execute();
    }
    // Only the latest views feed "guess you like": each user keeps RECENT_VIEWS_KEPT rows.
    for (const userId of new Set(rows.map((r) => r.userId))) {
      await executor
        .deleteFrom('recent_views')
        .where('user_id', '=', userId)
        .where(
          'goods_id',
          'not in',
          executor
            .selectFrom('recent_views')
            .select('goods_id')
            .where('user_id', '=', userId)
            .orderBy('viewed_at', 'desc')
            .orderBy('goods_id', 'desc')
            .limit(RECENT_VIEWS_KEPT),
        )
        .execute();
    }
  }

  // ---- stores ----

  async findSeller(id: string, db: Executor = this.db): Promise<SellerRow | undefined> {
    const r = await db.selectFrom('sellers').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toSellerRow(r as Record<string, unknown>) : undefined;
  }

  async findSellersByIds(ids: readonly string[]): Promise<SellerRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('sellers')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => toSellerRow(r as Record<string, unknown>));
  }

  async listSellers(
    filter: { recommend?: boolean | undefined; country?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<{ rows: SellerRow[]; total: number }> {
    let q = this.db.selectFrom('sellers').where('status', '=', 1);
    if (filter.recommend) q = q.where('is_recommend', '=', 1);
    if (filter.country) q = q.where('country', '=', filter.country);
    const rows = await q
      .selectAll()
      .orderBy('is_recommend', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return { rows: rows.map((r) => toSellerRow(r as Record<string, unknown>)), total: int(count?.n ?? 0) };
  }

  async countOpenSellers(): Promise<number> {
    const row = await this.db
      .selectFrom('sellers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 1)
      .executeTakeFirst();
    return int(row?.n ?? 0);
  }

  /** On-sale goods count, units sold and goods views per store (sold and views over all its goods). */
  async sellerGoodsFigures(ids: readonly string[]): Promise<Map<string, SellerGoodsFigures>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('goods')
      .select([
        'seller_id',
        sql<number>`sum(case when status = 1 then 1 else 0 end)`.as('goods_count'),
        (eb) => eb.fn.sum<bigint>('sold').as('sold'),
        (eb) => eb.fn.sum<bigint>('views').as('views'),
      ])
      .where('seller_id', 'in', [...ids])
      .groupBy('seller_id')
      .execute();
    return new Map(
      rows.map((r) => [
        r.seller_id,
        {
          goodsCount: int(r.goods_count),
          sold: BigInt(r.sold ?? 0),
          goodsViews: BigInt(r.views ?? 0),
        },
      ]),
    );
  }

  // ---- banners and activities ----

  /** The live banners at `position` written in `lang`, and those for every language, in order. */
  async findBanners(position: string, lang: LanguageCode, now: number): Promise<BannerRow[]> {
    const rows = await this.db
      .selectFrom('banners')
      .select(['id', 'title', 'image_url', 'link', 'sort'])
      .where('position', '=', position)
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('lang', 'is', null), eb('lang', '=', lang)]))
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', BigInt(now))]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', BigInt(now))]))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      imageUrl: r.image_url,
      link: r.link,
      sort: int(r.sort),
    }));
  }

  /**
   * The running activity as buyers of `lang` see it: one written in their language before one for
   * every language, then the latest started.
   */
  async findCurrentActivity(lang: LanguageCode, now: number): Promise<ActivityRow | undefined> {
    const r = await this.db
      .selectFrom('activities')
      .select(['id', 'title', 'description', 'image_url', 'link', 'starts_at', 'ends_at'])
      .where('status', '=', 1)
      .where('starts_at', '<=', BigInt(now))
      .where('ends_at', '>', BigInt(now))
      .where((eb) => eb.or([eb('lang', 'is', null), eb('lang', '=', lang)]))
      .orderBy(sql`case when lang is null then 1 else 0 end`)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!r) return undefined;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      imageUrl: r.image_url,
      link: r.link,
      startsAt: int(r.starts_at),
      endsAt: int(r.ends_at),
    };
  }

  // ---- meta ----

  /** Inserts a marker once; false when it already exists (another process got there first). */
  async claimMeta(executor: Executor, key: string, value: string, now: number): Promise<boolean> {
    const r = await executor
      .insertInto('catalogue_meta')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return BigInt(r.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async hasAnyGoodsOrCategory(): Promise<boolean> {
    const c = await this.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (c) return true;
    const g = await this.db.selectFrom('goods').select('id').limit(1).executeTakeFirst();
    return g !== undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the select builder's type is long and only ordered here
function applyOrder<Q extends { orderBy: (...args: any[]) => Q }>(q: Q, order: GoodsOrder): Q {
  switch (order) {
    case 'price_asc':
      return q.orderBy('g.price', 'asc').orderBy('g.id', 'asc');
    case 'price_desc':
      return q.orderBy('g.price', 'desc').orderBy('g.id', 'desc');
    case 'new':
      return q.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc');
    default:
      return q.orderBy('g.sold', 'desc').orderBy('g.id', 'desc');
  }
}
