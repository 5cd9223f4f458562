/**
 * What the catalogue's reads share: the category tree, store rows and cards, goods counts and the
 * goods pages' common part, each kept a short time in this process; and the one way a change is
 * announced (here, to `onChange` listeners such as the edge cache, and to the other processes).
 *
 * These are pieces that many answers are built from (every list needs the tree; every goods page
 * its store's card). Whole answers to visitors are kept once, at the HTTP edge
 * (core/http/edge-cache.ts); what a signed-in buyer sees is built from these pieces every time.
 */
import type { SellerCardDto } from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { toGoodsCard, toSellerCard } from './catalogue.mappers.ts';
import type { CatalogueRepository, GoodsFilter, GoodsOrder, SellerRow } from './catalogue.repository.ts';
import {
  type AudienceSource,
  CATALOGUE_CHANGED,
  type GoodsQuery,
  type RatingSource,
} from './catalogue-types.ts';
import { CategoryTree } from './category-tree.ts';
import { LoadingCache, TtlCache } from './ttl-cache.ts';

export type ChangeListener = (payload: { goodsIds?: string[]; sellerIds?: string[] }) => void;

export class CatalogueData {
  private readonly trees: LoadingCache<CategoryTree>;
  private readonly sellerRows: LoadingCache<SellerRow | null>;
  private readonly sellerCardCache: LoadingCache<SellerCardDto>;
  private readonly counts: LoadingCache<number>;
  private readonly listeners: ChangeListener[] = [];

  constructor(
    readonly repository: CatalogueRepository,
    readonly clock: Clock,
    private readonly bus: Bus,
    readonly audience: AudienceSource,
    readonly ratings: RatingSource,
  ) {
    const cache = <V>(ttlMs: number, capacity: number) =>
      new LoadingCache<V>(new TtlCache<V>(clock, ttlMs, capacity));
    this.trees = cache(60_000, 1);
    this.sellerRows = cache(60_000, 5000);
    this.sellerCardCache = cache(30_000, 5000);
    this.counts = cache(60_000, 2000);
    this.onChange((payload) => {
      if (Array.isArray(payload.sellerIds)) {
        for (const id of payload.sellerIds) this.sellerCardCache.delete(id);
      } else if (!Array.isArray(payload.goodsIds)) this.clear();
    });
    bus.subscribe(CATALOGUE_CHANGED, (payload) =>
      this.heard((payload ?? {}) as { goodsIds?: string[]; sellerIds?: string[] }),
    );
  }

  /** Called for every change, made here or heard from another process. */
  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  private heard(payload: { goodsIds?: string[]; sellerIds?: string[] }): void {
    for (const listener of this.listeners) listener(payload);
  }

  private clear(): void {
    for (const c of [
      this.trees,
      this.sellerRows,
      this.sellerCardCache,
      this.counts,
    ] as LoadingCache<unknown>[]) {
      c.clear();
    }
  }

  /** Drops every kept read here and in the other processes (after imports and edits). */
  async invalidate(): Promise<void> {
    this.heard({});
    await this.bus.publish(CATALOGUE_CHANGED, {});
  }

  /** A store's figures changed (a follow): its card is read afresh here and in the other processes. */
  sellerFiguresChanged(sellerId: string): void {
    this.heard({ sellerIds: [sellerId] });
    this.bus.publish(CATALOGUE_CHANGED, { sellerIds: [sellerId] }).catch(() => {
      // Another process shows the old count until its card expires (30 s): acceptable.
    });
  }

  /** Drops the kept pages of some goods (stock changed) here and in the other processes. */
  goodsChanged(goodsIds: string[]): void {
    this.heard({ goodsIds });
    this.bus.publish(CATALOGUE_CHANGED, { goodsIds }).catch(() => {
      // Another process keeps the old page until it expires (seconds): acceptable.
    });
  }

  async tree(): Promise<CategoryTree> {
    return this.trees.get('tree', async () => {
      const [rows, counts] = await Promise.all([
        this.repository.findCategories(),
        this.repository.countGoodsByCategory(),
      ]);
      return new CategoryTree(rows, counts);
    });
  }

  /**
   * An open store, or SELLER_NOT_FOUND / STORE_CLOSED. Inside a transaction pass it as `tx`: a miss
   * is then read there (and not kept), since a read through the pool would wait for a second
   * connection, and transactions filling the pool that way never finish.
   */
  async requireOpenSeller(id: string, tx?: Executor): Promise<SellerRow> {
    const row = tx
      ? (this.sellerRows.cache.get(id) ?? (await this.repository.findSeller(id, tx)) ?? null)
      : await this.sellerRows.get(id, async () => (await this.repository.findSeller(id)) ?? null);
    if (!row) throw new AppError('SELLER_NOT_FOUND');
    if (row.status !== 1) throw new AppError('STORE_CLOSED');
    return row;
  }

  /** Store cards with their computed figures, by id (unknown ids are left out). */
  async sellerCards(ids: readonly string[]): Promise<Map<string, SellerCardDto>> {
    const out = new Map<string, SellerCardDto>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.sellerCardCache.cache.get(id);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const [rows, figures, followers, praise] = await Promise.all([
      this.repository.findSellersByIds(missing),
      this.repository.sellerGoodsFigures(missing),
      this.audience.followerCounts(missing),
      this.ratings.sellerPraise(missing),
    ]);
    for (const row of rows) {
      const card = toSellerCard(row, {
        followers: followers.get(row.id) ?? 0,
        praise: praise.get(row.id) ?? { good: 0, total: 0 },
        goods: figures.get(row.id) ?? { goodsCount: 0, sold: 0n, goodsViews: 0n },
      });
      this.sellerCardCache.cache.set(row.id, card);
      out.set(row.id, card);
    }
    return out;
  }

  async sellerCard(id: string): Promise<SellerCardDto> {
    const card = (await this.sellerCards([id])).get(id);
    if (!card) throw new AppError('SELLER_NOT_FOUND');
    return card;
  }

  /** The filter of a goods list: PARAMETER_ERROR, CATEGORY_NOT_FOUND or a store's errors. */
  async filterOf(query: GoodsQuery): Promise<GoodsFilter> {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      throw new AppError('PARAMETER_ERROR', { field: 'maxPrice' });
    }
    const filter: GoodsFilter = {
      flag: query.type === 'all' ? undefined : query.type,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
    };
    if (query.categoryId !== undefined) {
      const tree = await this.tree();
      if (!tree.has(query.categoryId)) throw new AppError('CATEGORY_NOT_FOUND');
      filter.categoryIds = tree.descendants(query.categoryId);
    }
    if (query.sellerId !== undefined) {
      await this.requireOpenSeller(query.sellerId);
      filter.sellerIds = [query.sellerId];
    }
    return filter;
  }

  /** A page of goods cards; the total (a count over the whole filter) is kept a minute. */
  async listPage(filter: GoodsFilter, order: GoodsOrder, page: PageRequest) {
    const countKey = JSON.stringify(filter, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    const [rows, total] = await Promise.all([
      this.repository.listGoods(filter, order, page.pageSize, offsetOf(page)),
      this.counts.get(countKey, () => this.repository.countGoods(filter)),
    ]);
    return pageOf(rows.map(toGoodsCard), total, page);
  }
}
