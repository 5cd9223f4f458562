/**
 * The catalogue as other modules and the routes see it. Its use cases live in their own files:
 * - goods-reads.ts: goods lists, searches, suggestions and the goods page;
 * - storefront-reads.ts: home, categories, stores, banners and the current activity;
 * - stock.ts: what the orders flow buys and reserves, goods status, cards by id;
 * - catalogue-data.ts: the pieces they share, kept a short time, and change announcements.
 *
 * Figures shown to buyers (followers, units sold, views, praise and favourable rates, goods and
 * store counts) are computed from rows. Whole answers to visitors are kept at the HTTP edge
 * (core/http/edge-cache.ts), dropped on the changes announced here (`onChange`).
 */
import type { SellerCardDto } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import type { CatalogueRepository, SellerRow } from './catalogue.repository.ts';
import { CatalogueData, type ChangeListener } from './catalogue-data.ts';
import type { AudienceSource, Purchasable, RatingSource, StockChange } from './catalogue-types.ts';
import type { CategoryTree } from './category-tree.ts';
import { ContentTexts } from './content-texts.ts';
import { GoodsReads } from './goods-reads.ts';
import { LocalReads } from './local-reads.ts';
import type { PageViews } from './page-views.ts';
import type { SearchRepository } from './search.repository.ts';
import { CatalogueStock } from './stock.ts';
import { StorefrontReads } from './storefront-reads.ts';

export {
  type AudienceSource,
  CATALOGUE_CHANGED,
  catalogueTags,
  type GoodsQuery,
  goodsTag,
  type Purchasable,
  type RatingSource,
  type SellerQuery,
  type StockChange,
} from './catalogue-types.ts';

export class CatalogueService {
  /** Goods lists, searches, suggestions and goods pages (the buyer's routes). */
  readonly goods: GoodsReads;
  /** Home, categories, stores, banners and the activity (the buyer's routes). */
  readonly storefront: StorefrontReads;
  /** Goods and store texts in the buyer's language (the routes answer through it). */
  readonly texts: ContentTexts;
  readonly local: LocalReads;
  private readonly data: CatalogueData;
  private readonly stock: CatalogueStock;

  constructor(
    repository: CatalogueRepository,
    search: SearchRepository,
    clock: Clock,
    bus: Bus,
    audience: AudienceSource,
    ratings: RatingSource,
    readonly views: PageViews,
  ) {
    this.data = new CatalogueData(repository, clock, bus, audience, ratings);
    this.goods = new GoodsReads(this.data, search, views);
    this.storefront = new StorefrontReads(this.data, search, views);
    this.stock = new CatalogueStock(this.data);
    this.texts = new ContentTexts(repository.db);
    this.local = new LocalReads(this.texts, this.goods, this.storefront);
  }

  /** Called for every catalogue change, made here or heard from another process. */
  onChange(listener: ChangeListener): void {
    this.data.onChange(listener);
  }

  /** Drops every kept read here, at the edge and in the other processes (after imports and edits). */
  /** A store's figures changed (a follow): its card is read afresh everywhere. */
  sellerFiguresChanged(sellerId: string): void {
    this.data.sellerFiguresChanged(sellerId);
  }

  invalidate(): Promise<void> {
    return this.data.invalidate();
  }

  /** The category tree itself (names, descendants), for the seller's goods forms and lists. */
  categoryIndex(): Promise<CategoryTree> {
    return this.data.tree();
  }

  /** An open store, or SELLER_NOT_FOUND / STORE_CLOSED (pass `tx` inside a transaction). */
  requireOpenSeller(id: string, tx?: Executor): Promise<SellerRow> {
    return this.data.requireOpenSeller(id, tx);
  }

  /** Store cards with their computed figures, by id (unknown ids are left out), named in `lang`. */
  async sellerCards(ids: readonly string[], lang?: LanguageCode): Promise<Map<string, SellerCardDto>> {
    const cards = await this.data.sellerCards(ids);
    if (!lang) return cards;
    const local = await this.texts.sellerCards([...cards.values()], lang);
    return new Map(local.map((c) => [c.sellerId, c]));
  }

  /** Cards by id with whether each is still on sale (favourites keep removed goods, greyed), in `lang`. */
  async goodsCards(ids: readonly string[], lang?: LanguageCode) {
    const cards = await this.stock.goodsCards(ids);
    if (!lang) return cards;
    const local = await this.texts.goodsCards([...cards.values()], lang);
    return new Map(local.map((c) => [c.sellerGoodsId, c]));
  }

  /** The goods' store, or PRODUCT_NOT_FOUND; with `onSale` also PRODUCT_OFF_SHELF when not on sale. */
  requireGoods(id: string, onSale: boolean, executor?: Executor): Promise<{ sellerId: string }> {
    return this.stock.requireGoods(id, onSale, executor);
  }

  /** What one goods (and specification) costs and how many are left, read on `executor`. */
  getPurchasable(executor: Executor, sellerGoodsId: string, attr?: string): Promise<Purchasable> {
    return this.stock.getPurchasable(executor, sellerGoodsId, attr);
  }

  /** Takes units out of stock, never below zero (STOCK_INSUFFICIENT). */
  reserveStock(executor: Executor, change: StockChange): Promise<Purchasable> {
    return this.stock.reserveStock(executor, change);
  }

  /** Puts reserved units back (a cancelled or refunded order). */
  releaseStock(executor: Executor, change: StockChange): Promise<void> {
    return this.stock.releaseStock(executor, change);
  }

  /** Adds units sold to the goods (negative on a refund; never below zero). */
  recordSold(executor: Executor, sellerGoodsId: string, delta: number): Promise<void> {
    return this.stock.recordSold(executor, sellerGoodsId, delta);
  }

  /** Puts goods on sale (1), off the shelf (0) or removes them (-1). */
  setGoodsStatus(executor: Executor, sellerGoodsId: string, status: number): Promise<void> {
    return this.stock.setGoodsStatus(executor, sellerGoodsId, status);
  }
}
