import type { SellerReviewSort } from '@mall/contract';
import { sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import { precompiled } from '../../core/db/precompiled.ts';
import type { SortOrder } from '../../core/http/paging.ts';

export interface ReviewRow {
  id: string;
  goodsId: string;
  userName: string;
  rating: number;
  content: string;
  images: string;
  attrName: string;
  createdAt: number;
  /** The language `content` is written in (null: not known). */
  lang: string | null;
  /** JSON object of the content in other languages, by language code; null for none. */
  translations: string | null;
}

export interface NewReviewRow {
  id: string;
  goodsId: string;
  sellerId: string;
  orderId: string | null;
  userId: string | null;
  userName: string;
  rating: number;
  content: string;
  images: readonly string[];
  attrName: string;
  createdAt: number;
  /** The language `content` is written in. */
  lang?: string | null;
  /** The content in other languages, by language code. */
  texts?: Record<string, string>;
}

export interface ReviewFilter {
  goodsId?: string | undefined;
  sellerId?: string | undefined;
  rating?: number | undefined;
  withImages?: boolean | undefined;
}

/** A list's order: by time (newest first by default) or by rating, `desc` best (1, good) first. */
export interface ReviewOrder {
  by: SellerReviewSort;
  order: SortOrder;
}

export interface RatingCounts {
  good: number;
  medium: number;
  bad: number;
  withImages: number;
}

function toValues(r: NewReviewRow) {
  return {
    id: r.id,
    goods_id: r.goodsId,
    seller_id: r.sellerId,
    order_id: r.orderId,
    user_id: r.userId,
    user_name: r.userName,
    rating: r.rating,
    content: r.content,
    images: JSON.stringify(r.images),
    image_count: r.images.length,
    attr_name: r.attrName,
    status: 1,
    created_at: r.createdAt,
    lang: r.lang ?? null,
    translations: r.texts && Object.keys(r.texts).length > 0 ? JSON.stringify(r.texts) : null,
  };
}

/** Every goods page reads its review counts (issue 27: compiled once, not per page). */
const countsOfGoodsQuery = precompiled<
  { goodsId: string },
  { rating: number | bigint; n: number | bigint; with_images: number | bigint | null }
>((db, p) =>
  db
    .selectFrom('reviews')
    .select([
      'rating',
      (eb) => eb.fn.countAll().as('n'),
      sql<number>`sum(case when image_count > 0 then 1 else 0 end)`.as('with_images'),
    ])
    .where('goods_id', '=', p.goodsId)
    .where('status', '=', 1)
    .groupBy('rating'),
);

export class ReviewsRepository {
  constructor(private readonly db: Executor) {}

  async insert(executor: Executor, row: NewReviewRow): Promise<void> {
    await executor.insertInto('reviews').values(toValues(row)).execute();
  }

  /** Bulk import (demo data), in chunks that stay under both dialects' parameter limits. */
  async insertMany(executor: Executor, rows: readonly NewReviewRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await executor
        .insertInto('reviews')
        .values(rows.slice(i, i + 1000).map(toValues))
        .execute();
    }
  }

  async existsForOrderLine(
    executor: Executor,
    orderId: string,
    goodsId: string,
    attrName: string,
  ): Promise<boolean> {
    const row = await executor
      .selectFrom('reviews')
      .select('id')
      .where('order_id', '=', orderId)
      .where('goods_id', '=', goodsId)
      .where('attr_name', '=', attrName)
      .executeTakeFirst();
    return row !== undefined;
  }

  private filtered(filter: ReviewFilter) {
    let q = this.db.selectFrom('reviews').where('status', '=', 1);
    if (filter.goodsId !== undefined) q = q.where('goods_id', '=', filter.goodsId);
    if (filter.sellerId !== undefined) q = q.where('seller_id', '=', filter.sellerId);
    if (filter.rating !== undefined) q = q.where('rating', '=', filter.rating);
    if (filter.withImages) q = q.where('image_count', '>', 0);
    return q;
  }

  async list(
    filter: ReviewFilter,
    limit: number,
    offset: number,
    { by, order }: ReviewOrder = { by: 'time', order: 'desc' },
  ): Promise<{ rows: ReviewRow[]; total: number }> {
    const q = this.filtered(filter);
    let ordered = q.select([
      'id',
      'goods_id',
      'user_name',
      'rating',
      'content',
      'images',
      'attr_name',
      'created_at',
      'lang',
      'translations',
    ]);
    // The best rating is the smallest number: "highest first" reads the column the other way.
    if (by === 'rating') ordered = ordered.orderBy('rating', order === 'desc' ? 'asc' : 'desc');
    // Equal ratings by time; equal times by id, so a page never repeats or skips a review.
    const rows = await ordered
      .orderBy('created_at', order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return {
      rows: rows.map((r) => ({
        id: r.id,
        goodsId: r.goods_id,
        userName: r.user_name,
        rating: toNumber(r.rating),
        content: r.content,
        images: r.images,
        attrName: r.attr_name,
        createdAt: toNumber(r.created_at),
        lang: r.lang,
        translations: r.translations,
      })),
      total: toNumber(count?.n as number),
    };
  }

  /** Good, medium and bad counts of one goods, and how many carry images. */
  async countsOfGoods(goodsId: string): Promise<RatingCounts> {
    const { rows } = await countsOfGoodsQuery(this.db, { goodsId });
    const out: RatingCounts = { good: 0, medium: 0, bad: 0, withImages: 0 };
    for (const r of rows) {
      const n = toNumber(r.n as number);
      const rating = toNumber(r.rating);
      if (rating === 1) out.good = n;
      else if (rating === 2) out.medium = n;
      else if (rating === 3) out.bad = n;
      out.withImages += toNumber(r.with_images);
    }
    return out;
  }

  /** Good and all reviews per store. */
  async praiseOfSellers(sellerIds: readonly string[]): Promise<Map<string, { good: number; total: number }>> {
    const out = new Map<string, { good: number; total: number }>();
    if (sellerIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('reviews')
      .select(['seller_id', 'rating', (eb) => eb.fn.countAll().as('n')])
      .where('seller_id', 'in', [...sellerIds])
      .where('status', '=', 1)
      .groupBy(['seller_id', 'rating'])
      .execute();
    for (const r of rows) {
      const entry = out.get(r.seller_id) ?? { good: 0, total: 0 };
      const n = toNumber(r.n as number);
      entry.total += n;
      if (toNumber(r.rating) === 1) entry.good += n;
      out.set(r.seller_id, entry);
    }
    return out;
  }
}
