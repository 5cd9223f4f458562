/**
 * The buyer's window onto the catalogue: home, categories, goods lists and searches, goods and
 * store pages, banners and the current activity; and, for the orders flow, what can be bought at
 * which price, stock reservations that never go below zero, and units sold.
 *
 * Hot reads are answered from per-process caches (synchronously on a hit); a change to the
 * catalogue clears them in every process through the bus (`catalogue.changed`). Figures shown to
 * buyers (followers, units sold, views, praise and favourable rates, goods and store counts) are
 * computed from rows.
 */
import {
  type ActivityDto,
  type BannerDto,
  CATALOGUE_PAGE_SIZES,
  type CategoryDto,
  type CategoryNodeDto,
  formatMoney,
  GOODS_STATUS,
  type GoodsCardDto,
  type GoodsInfoDto,
  type GoodsListType,
  type GoodsSort,
  type HomeDto,
  type Page,
  type ReviewCountsDto,
  type SearchDto,
  type SellerCardDto,
  type SellerInfoDto,
  SHIPPING_PROMISE,
  type SuggestionDto,
} from '@mall/contract';
import { LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { JsonReply } from '../../core/http/json-reply.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { parseImages, toBanner, toGoodsCard, toSellerCard, wireTime } from './catalogue.mappers.ts';
import type {
  CatalogueRepository,
  GoodsFilter,
  GoodsOrder,
  GoodsRow,
  SellerRow,
  SpecRow,
} from './catalogue.repository.ts';
import { CategoryTree } from './category-tree.ts';
import { keywordKey, normalizeKeyword } from './keyword.ts';
import type { PageViews } from './page-views.ts';
import type { SearchRepository } from './search.repository.ts';
import { LoadingCache, TtlCache } from './ttl-cache.ts';

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

export const CATALOGUE_CHANGED = 'catalogue.changed';

type InfoBase = Omit<GoodsInfoDto, 'isKeep' | 'isFocus' | 'categoryName'>;
/** Home's blocks that every brand and language share (the lists, the counts). */
type HomeBlocks = Omit<HomeDto, 'downAppUrl' | 'categoryList' | 'homeBanner'>;

const POPULAR: GoodsFilter = {};
const NO_SUGGESTIONS = JsonReply.of<SuggestionDto[]>([]);

function listFlag(type: GoodsListType): GoodsFilter['flag'] {
  return type === 'all' ? undefined : type;
}

function orderOf(sort: GoodsSort, type: GoodsListType): GoodsOrder {
  if (sort === 'default') return type === 'new' ? 'new' : 'sales';
  return sort;
}

function positiveInt(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('PARAMETER_ERROR', { field });
  return value;
}

export class CatalogueService {
  private readonly trees: LoadingCache<CategoryTree>;
  private readonly sellerRows: LoadingCache<SellerRow | null>;
  private readonly sellerCardCache: LoadingCache<SellerCardDto>;
  /** Pages of goods as the wire carries them (pre-serialized: see core/http/json-reply.ts). */
  private readonly lists: LoadingCache<JsonReply<Page<GoodsCardDto>>>;
  private readonly counts: LoadingCache<number>;
  private readonly infos: LoadingCache<InfoBase>;
  /** A visitor's goods page per goods and language, ready to send. */
  private readonly infoReplies: TtlCache<JsonReply<GoodsInfoDto>>;
  private readonly homeReplies: LoadingCache<JsonReply<HomeDto>>;
  private readonly treeReplies: LoadingCache<JsonReply<CategoryNodeDto[]>>;
  private readonly homes: LoadingCache<HomeBlocks>;
  private readonly searches: LoadingCache<JsonReply<SearchDto>>;
  private readonly suggestions: LoadingCache<JsonReply<SuggestionDto[]>>;
  private readonly small: LoadingCache<BannerDto[] | ActivityDto | null>;

  constructor(
    private readonly repository: CatalogueRepository,
    private readonly search: SearchRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly audience: AudienceSource,
    private readonly ratings: RatingSource,
    readonly views: PageViews,
  ) {
    const cache = <V>(ttlMs: number, capacity: number) =>
      new LoadingCache<V>(new TtlCache<V>(clock, ttlMs, capacity));
    this.trees = cache(60_000, 1);
    this.sellerRows = cache(60_000, 5000);
    this.sellerCardCache = cache(30_000, 5000);
    this.lists = cache(10_000, 2000);
    this.counts = cache(60_000, 2000);
    this.infos = cache(10_000, 5000);
    this.infoReplies = new TtlCache(clock, 10_000, 5000);
    this.homeReplies = cache(60_000, 512);
    this.treeReplies = cache(60_000, 64);
    this.homes = cache(60_000, 4);
    this.searches = cache(30_000, 2000);
    this.suggestions = cache(30_000, 2000);
    // Banners per position and language, the activity per language: 21 languages of each.
    this.small = cache(30_000, 128);
    bus.subscribe(CATALOGUE_CHANGED, (payload) => {
      const { goodsIds, sellerIds } = (payload ?? {}) as { goodsIds?: unknown; sellerIds?: unknown };
      if (Array.isArray(sellerIds)) {
        for (const id of sellerIds) if (typeof id === 'string') this.sellerCardCache.delete(id);
      } else if (Array.isArray(goodsIds)) {
        for (const id of goodsIds) if (typeof id === 'string') this.dropGoodsPage(id);
      } else {
        this.clearCaches();
      }
    });
  }

  private clearCaches(): void {
    for (const c of [
      this.trees,
      this.sellerRows,
      this.sellerCardCache,
      this.lists,
      this.counts,
      this.infos,
      this.homeReplies,
      this.treeReplies,
      this.homes,
      this.searches,
      this.suggestions,
      this.small,
    ] as LoadingCache<unknown>[]) {
      c.clear();
    }
    this.infoReplies.clear();
  }

  private dropGoodsPage(id: string): void {
    this.infos.delete(id);
    for (const lang of LANGUAGE_CODES) this.infoReplies.delete(`${id}:${lang}`);
  }

  /** Drops every cached read here and in the other processes (after imports and edits). */
  async invalidate(): Promise<void> {
    this.clearCaches();
    await this.bus.publish(CATALOGUE_CHANGED, {});
  }

  /** Drops the cached pages of some goods (stock changed) here and in the other processes. */
  private goodsChanged(ids: string[]): void {
    for (const id of ids) this.dropGoodsPage(id);
    this.bus.publish(CATALOGUE_CHANGED, { goodsIds: ids }).catch(() => {
      // Another process keeps the old page until its cache expires (seconds): acceptable.
    });
  }

  /** A store's figures changed (a follow): its card is read afresh here and in the other processes. */
  sellerFiguresChanged(sellerId: string): void {
    this.sellerCardCache.delete(sellerId);
    this.bus.publish(CATALOGUE_CHANGED, { sellerIds: [sellerId] }).catch(() => {
      // Another process shows the old count until its cache expires (30 s): acceptable.
    });
  }

  // ---- categories ----

  private tree(): CategoryTree | Promise<CategoryTree> {
    return this.trees.get('tree', async () => {
      const [rows, counts] = await Promise.all([
        this.repository.findCategories(),
        this.repository.countGoodsByCategory(),
      ]);
      return new CategoryTree(rows, counts);
    });
  }

  private withTree<T>(use: (tree: CategoryTree) => T): T | Promise<T> {
    const tree = this.tree();
    return tree instanceof Promise ? tree.then(use) : use(tree);
  }

  /** The cached category tree itself (names, descendants), for the seller's goods forms and lists. */
  async categoryIndex(): Promise<CategoryTree> {
    return this.tree();
  }

  categoryTree(lang: LanguageCode): JsonReply<CategoryNodeDto[]> | Promise<JsonReply<CategoryNodeDto[]>> {
    return this.treeReplies.get(lang, async () => JsonReply.of((await this.tree()).tree(lang)));
  }

  /** Children of `parentId` (the top level without one). */
  categoryList(lang: LanguageCode, parentId?: string): CategoryDto[] | Promise<CategoryDto[]> {
    return this.withTree((tree) => {
      if (parentId !== undefined && !tree.has(parentId)) throw new AppError('CATEGORY_NOT_FOUND');
      return tree.children(parentId, lang);
    });
  }

  recommendCategories(lang: LanguageCode): CategoryDto[] | Promise<CategoryDto[]> {
    return this.withTree((tree) => tree.recommended(lang));
  }

  /** The categories a store sells in, with that store's counts. */
  async sellerCategoryTree(lang: LanguageCode, sellerId: string): Promise<CategoryNodeDto[]> {
    await this.requireOpenSeller(sellerId);
    const [tree, counts] = await Promise.all([
      this.tree(),
      this.repository.countSellerGoodsByCategory(sellerId),
    ]);
    return tree.tree(lang, counts);
  }

  // ---- goods lists ----

  private async filterOf(query: GoodsQuery): Promise<GoodsFilter> {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      throw new AppError('PARAMETER_ERROR', { field: 'maxPrice' });
    }
    const filter: GoodsFilter = {
      flag: listFlag(query.type),
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

  private listPage(filter: GoodsFilter, order: GoodsOrder, page: PageRequest): Promise<Page<GoodsCardDto>> {
    const countKey = JSON.stringify(filter, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    return Promise.all([
      this.repository.listGoods(filter, order, page.pageSize, offsetOf(page)),
      this.counts.get(countKey, () => this.repository.countGoods(filter)),
    ]).then(([rows, total]) => pageOf(rows.map(toGoodsCard), total, page));
  }

  /** `/api/sellerGoods/list` and `/search`: filters, sorts and (optionally) a keyword. */
  goodsList(query: GoodsQuery): JsonReply<Page<GoodsCardDto>> | Promise<JsonReply<Page<GoodsCardDto>>> {
    const keyword = normalizeKeyword(query.keyword);
    const key = JSON.stringify([
      keywordKey(keyword),
      query.categoryId,
      query.sellerId,
      query.type,
      query.sort,
      query.minPrice?.toString(),
      query.maxPrice?.toString(),
      query.pageNum,
      query.pageSize,
    ]);
    return this.lists.get(key, async () => {
      const filter = await this.filterOf(query);
      if (!keyword) return JsonReply.of(await this.listPage(filter, orderOf(query.sort, query.type), query));
      const order = query.sort === 'default' ? 'relevance' : query.sort;
      const { rows, total } = await this.search.searchGoods(
        keyword,
        filter,
        order,
        query.pageSize,
        offsetOf(query),
        true,
      );
      return JsonReply.of(pageOf(rows.map(toGoodsCard), total, query));
    });
  }

  /** New arrivals, newest first. */
  recommendNew(page: PageRequest): JsonReply<Page<GoodsCardDto>> | Promise<JsonReply<Page<GoodsCardDto>>> {
    return this.lists.get(`new:${page.pageNum}:${page.pageSize}`, async () =>
      JsonReply.of(await this.listPage({ flag: 'new' }, 'new', page)),
    );
  }

  /**
   * "Guess you like": for a signed-in user, goods from the categories of their favourites and
   * recent views and from the stores they follow (not what they already favourited), best sellers
   * first; the best sellers of the whole mall for visitors or when nothing matches.
   */
  guessYouLike(
    ctx: RequestContext,
    page: PageRequest,
  ): JsonReply<Page<GoodsCardDto>> | Promise<JsonReply<Page<GoodsCardDto>>> {
    const popular = () =>
      this.lists.get(`popular:${page.pageNum}:${page.pageSize}`, async () =>
        JsonReply.of(await this.listPage(POPULAR, 'sales', page)),
      );
    const userId = ctx.actor?.userId;
    if (!userId) return popular();
    return this.lists.get(`like:${userId}:${page.pageNum}:${page.pageSize}`, async () => {
      const [interests, viewed] = await Promise.all([
        this.audience.interests(userId, 50),
        this.repository.recentViews(userId, 20),
      ]);
      const categoryIds = await this.repository.categoriesOfGoods([...interests.goodsIds, ...viewed]);
      if (categoryIds.length === 0 && interests.sellerIds.length === 0) return popular();
      const filter: GoodsFilter = {
        anyOf: { categoryIds, sellerIds: interests.sellerIds },
        excludeIds: interests.goodsIds,
      };
      const [rows, total] = await Promise.all([
        this.repository.listGoods(filter, 'sales', page.pageSize, offsetOf(page)),
        this.repository.countGoods(filter),
      ]);
      if (total === 0) return popular();
      return JsonReply.of(pageOf(rows.map(toGoodsCard), total, page));
    });
  }

  // ---- search ----

  /** The header search: goods (a page) and the first stores whose names match. */
  searchAll(rawKeyword: string, page: PageRequest): JsonReply<SearchDto> | Promise<JsonReply<SearchDto>> {
    const keyword = normalizeKeyword(rawKeyword);
    if (!keyword) throw new AppError('MISSING_PARAMETER', { field: 'keyword' });
    const key = JSON.stringify([keywordKey(keyword), page.pageNum, page.pageSize]);
    return this.searches.get(key, async () => {
      const goods = await this.search.searchGoods(
        keyword,
        {},
        'relevance',
        page.pageSize,
        offsetOf(page),
        true,
      );
      const sellers = await this.search.searchSellers(keyword, CATALOGUE_PAGE_SIZES.searchSellers, 0);
      const cards = await this.sellerCards(sellers.ids);
      return JsonReply.of<SearchDto>({
        goodsList: goods.rows.map((r) => ({ ...toGoodsCard(r), id: r.id })),
        goodsTotal: goods.total,
        sellerList: sellers.ids
          .map((id) => cards.get(id))
          .filter((c): c is SellerCardDto => c !== undefined)
          .map((c) => ({ ...c, id: c.sellerId })),
        sellerTotal: sellers.total,
      });
    });
  }

  /** Autocomplete: the best-selling goods whose names contain the keyword (optionally in one store). */
  suggest(
    rawKeyword: string | undefined,
    sellerId?: string,
  ): JsonReply<SuggestionDto[]> | Promise<JsonReply<SuggestionDto[]>> {
    const keyword = normalizeKeyword(rawKeyword);
    if (!keyword) return NO_SUGGESTIONS;
    const key = JSON.stringify([keywordKey(keyword), sellerId ?? '']);
    return this.suggestions.get(key, async () => {
      if (sellerId !== undefined) await this.requireOpenSeller(sellerId);
      const { rows } = await this.search.searchGoods(
        keyword,
        sellerId ? { sellerIds: [sellerId] } : {},
        'relevance',
        CATALOGUE_PAGE_SIZES.suggestions,
        0,
        false,
      );
      return JsonReply.of(
        rows.map((r) => ({
          sellerGoodsId: r.id,
          name: r.name,
          imgUrl1: r.coverUrl,
          price: formatMoney(r.price),
        })),
      );
    });
  }

  // ---- goods page ----

  private async loadInfo(id: string): Promise<InfoBase> {
    const row = await this.repository.findGoods(id);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (row.status !== GOODS_STATUS.onSale) throw new AppError('PRODUCT_OFF_SHELF');
    const [specs, reviews, keepNum, seller] = await Promise.all([
      this.repository.findSpecs(id),
      this.ratings.goodsCounts(id),
      this.audience.keepCount(id),
      this.sellerCard(row.sellerId),
    ]);
    const freight = row.dispatchFee + row.distanceFee + row.deliveryFee;
    const images = parseImages(row.images, row.coverUrl);
    return {
      ...toGoodsCard(row),
      description: row.description,
      zoomImg: images[0]?.zoomImg ?? row.coverUrl,
      images,
      specs: specs.map((s) => ({
        attrId: s.id,
        attrName: s.name,
        price: formatMoney(s.price ?? row.price),
        stock: s.stock ?? row.stock,
      })),
      stock: row.stock,
      viewsNum: Number(row.views),
      keepNum,
      freight: {
        dispatchFee: formatMoney(row.dispatchFee),
        distanceFee: formatMoney(row.distanceFee),
        deliveryFee: formatMoney(row.deliveryFee),
        freight: formatMoney(freight),
      },
      reviews,
      shipWithinHours: SHIPPING_PROMISE.shipWithinHours,
      returnDays: SHIPPING_PROMISE.returnDays,
      createTime: wireTime(row.createdAt),
      seller,
    };
  }

  /**
   * A visitor's goods page when it is cached (counting the view), else undefined: the route's
   * answer to anyone not signed in, which the front door also serves (core/http/front-door.ts).
   */
  cachedGoodsInfo(id: string, lang: LanguageCode): JsonReply<GoodsInfoDto> | undefined {
    const ready = this.infoReplies.get(`${id}:${lang}`);
    if (ready) this.views.recordGoods(id);
    return ready;
  }

  /**
   * `/api/sellerGoods/info`. Counts a view (in memory, flushed in batches). A visitor's page is
   * answered synchronously from the cache; a signed-in buyer also learns whether they favourited
   * the goods and follow its store.
   */
  goodsInfo(
    ctx: RequestContext,
    id: string,
  ): JsonReply<GoodsInfoDto> | GoodsInfoDto | Promise<JsonReply<GoodsInfoDto> | GoodsInfoDto> {
    const userId = ctx.actor?.userId;
    if (!userId) {
      const ready = this.cachedGoodsInfo(id, ctx.lang);
      if (ready) return ready;
    }
    const finish = (base: InfoBase, tree: CategoryTree): JsonReply<GoodsInfoDto> | Promise<GoodsInfoDto> => {
      this.views.recordGoods(id, userId);
      const page = {
        ...base,
        categoryName: tree.name(base.categoryId, ctx.lang),
        isKeep: false,
        isFocus: false,
      };
      if (!userId) return this.infoReplies.set(`${id}:${ctx.lang}`, JsonReply.of(page));
      // The store card is read apart from the cached page: a buyer who just followed sees the count.
      return Promise.all([
        this.audience.isKeeping(userId, id),
        this.audience.isFollowing(userId, base.sellerId),
        this.sellerCard(base.sellerId),
      ]).then(([isKeep, isFocus, seller]) => ({ ...page, seller, isKeep, isFocus }));
    };
    const base = this.infos.get(id, () => this.loadInfo(id));
    const tree = this.tree();
    if (!(base instanceof Promise) && !(tree instanceof Promise)) return finish(base, tree);
    return Promise.all([base, tree]).then<JsonReply<GoodsInfoDto> | GoodsInfoDto>(([b, t]) => finish(b, t));
  }

  // ---- stores ----

  private sellerRow(id: string): SellerRow | null | Promise<SellerRow | null> {
    return this.sellerRows.get(id, async () => (await this.repository.findSeller(id)) ?? null);
  }

  /**
   * An open store, or SELLER_NOT_FOUND / STORE_CLOSED. Inside a transaction pass it as `tx`: a cache
   * miss is then read there (and not kept), since a read through the pool would wait for a second
   * connection, and transactions filling the pool that way never finish.
   */
  async requireOpenSeller(id: string, tx?: Executor): Promise<SellerRow> {
    const row = tx
      ? (this.sellerRows.cache.get(id) ?? (await this.repository.findSeller(id, tx)) ?? null)
      : await this.sellerRow(id);
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

  private async sellerCard(id: string): Promise<SellerCardDto> {
    const card = (await this.sellerCards([id])).get(id);
    if (!card) throw new AppError('SELLER_NOT_FOUND');
    return card;
  }

  /** `/api/seller/list`: open stores, recommended first then newest; a keyword matches store names. */
  async sellerList(query: SellerQuery): Promise<Page<SellerCardDto>> {
    const keyword = normalizeKeyword(query.keyword);
    let ids: string[];
    let total: number;
    if (keyword) {
      ({ ids, total } = await this.search.searchSellers(keyword, query.pageSize, offsetOf(query)));
    } else {
      const found = await this.repository.listSellers(
        { recommend: query.recommend, country: query.country },
        query.pageSize,
        offsetOf(query),
      );
      ids = found.rows.map((r) => r.id);
      total = found.total;
    }
    const cards = await this.sellerCards(ids);
    const list = ids.map((id) => cards.get(id)).filter((c): c is SellerCardDto => c !== undefined);
    return pageOf(list, total, query);
  }

  /** `/api/seller/info`: the store page; counts a store view. */
  async sellerInfo(ctx: RequestContext, sellerId: string): Promise<SellerInfoDto> {
    const row = await this.requireOpenSeller(sellerId);
    const card = await this.sellerCard(sellerId);
    this.views.recordSeller(sellerId);
    const userId = ctx.actor?.userId;
    const isFocus = userId ? await this.audience.isFollowing(userId, sellerId) : false;
    return {
      ...card,
      banner: row.bannerUrl,
      description: row.description,
      createTime: wireTime(row.createdAt),
      isFocus,
    };
  }

  // ---- home, banners, activity ----

  /** The live banners at `position` for buyers of `lang`: theirs and those for every language. */
  banners(position: string, lang: LanguageCode): BannerDto[] | Promise<BannerDto[]> {
    return this.small.get(`banners:${position}:${lang}`, async () =>
      (await this.repository.findBanners(position, lang, this.clock.now())).map(toBanner),
    ) as BannerDto[] | Promise<BannerDto[]>;
  }

  /** The running activity in `lang` when it has one in that language, else one for every language. */
  currentActivity(lang: LanguageCode): ActivityDto | null | Promise<ActivityDto | null> {
    return this.small.get(`activity:${lang}`, async () => {
      const row = await this.repository.findCurrentActivity(lang, this.clock.now());
      if (!row) return null;
      return {
        activityId: row.id,
        title: row.title,
        description: row.description,
        imgUrl: row.imageUrl,
        link: row.link,
        startTime: wireTime(row.startsAt),
        endTime: wireTime(row.endsAt),
      };
    }) as ActivityDto | null | Promise<ActivityDto | null>;
  }

  /** `/api/index!home.action`, cached for a minute and dropped on any catalogue change. */
  home(ctx: RequestContext): JsonReply<HomeDto> | Promise<JsonReply<HomeDto>> {
    return this.homeReplies.get(`${ctx.brand.key}:${ctx.lang}`, async () => {
      const [blocks, tree, homeBanner] = await Promise.all([
        this.homes.get('home', () => this.loadHome()),
        this.tree(),
        this.banners('home', ctx.lang),
      ]);
      return JsonReply.of<HomeDto>({
        categoryList: tree.children(undefined, ctx.lang),
        ...blocks,
        homeBanner,
        downAppUrl: ctx.brand.buyerAppUrl,
      });
    });
  }

  private async loadHome(): Promise<HomeBlocks> {
    const first = { pageNum: 1, pageSize: CATALOGUE_PAGE_SIZES.goods };
    const merchantList = await this.sellerList({
      pageNum: 1,
      pageSize: CATALOGUE_PAGE_SIZES.sellers,
      recommend: true,
    });
    const merchantIds = merchantList.pageList.map((s) => s.sellerId);
    const [recommendList, newList, bottomList, sellerGoodsList, merchantGoodsList, goodsCount, sellerCount] =
      await Promise.all([
        this.listPage({ flag: 'recommend' }, 'sales', first),
        this.listPage({ flag: 'new' }, 'new', first),
        this.listPage({ flag: 'discount' }, 'sales', first),
        this.listPage({ flag: 'hot' }, 'sales', first),
        merchantIds.length > 0
          ? this.listPage({ sellerIds: merchantIds }, 'sales', first)
          : Promise.resolve(pageOf<GoodsCardDto>([], 0, first)),
        this.repository.countOnSaleGoods(),
        this.repository.countOpenSellers(),
      ]);
    return {
      recommendList,
      newList,
      bottomList,
      merchantList,
      merchantGoodsList,
      sellerGoodsList,
      goodsCount,
      sellerCount,
    };
  }

  // ---- for other modules (favourites, reviews) ----

  /** Cards by id with whether each is still on sale (favourites keep removed goods, greyed). */
  async goodsCards(ids: readonly string[]): Promise<Map<string, GoodsCardDto & { onSale: boolean }>> {
    const rows = await this.repository.findCardsByIds(ids);
    return new Map(rows.map((r) => [r.id, { ...toGoodsCard(r), onSale: r.status === GOODS_STATUS.onSale }]));
  }

  /** The goods' store, or PRODUCT_NOT_FOUND; with `onSale` also PRODUCT_OFF_SHELF when not on sale. */
  async requireGoods(id: string, onSale: boolean, executor?: Executor): Promise<{ sellerId: string }> {
    const row = await this.repository.findGoods(id, executor);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (onSale && row.status !== GOODS_STATUS.onSale) throw new AppError('PRODUCT_OFF_SHELF');
    return { sellerId: row.sellerId };
  }

  // ---- for the orders flow (run inside the flow's transaction) ----

  private pickSpec(row: GoodsRow, specs: SpecRow[], attr: string | undefined): SpecRow | undefined {
    const wanted = attr?.trim() ?? '';
    if (specs.length === 0) {
      if (wanted !== '') throw new AppError('SPECIFICATION_NOT_FOUND');
      return undefined;
    }
    if (wanted === '') throw new AppError('SELECT_SPECIFICATION');
    const spec = specs.find((s) => s.id === wanted) ?? specs.find((s) => s.name === wanted);
    if (!spec || spec.goodsId !== row.id) throw new AppError('SPECIFICATION_NOT_FOUND');
    return spec;
  }

  private async resolve(
    executor: Executor,
    sellerGoodsId: string,
    attr: string | undefined,
  ): Promise<{ item: Purchasable; spec: SpecRow | undefined }> {
    const row = await this.repository.findGoods(sellerGoodsId, executor);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (row.status !== GOODS_STATUS.onSale || row.sellerStatus !== 1) throw new AppError('PRODUCT_OFF_SHELF');
    const spec = this.pickSpec(row, await this.repository.findSpecs(sellerGoodsId, executor), attr);
    const item: Purchasable = {
      sellerGoodsId: row.id,
      sellerId: row.sellerId,
      sellerOwnerUserId: row.sellerOwnerUserId,
      name: row.name,
      imgUrl1: row.coverUrl,
      attrId: spec?.id ?? null,
      attrName: spec?.name ?? '',
      unitPrice: spec?.price ?? row.price,
      stock: spec?.stock ?? row.stock,
      buyMin: row.buyMin,
      dispatchFee: row.dispatchFee,
      distanceFee: row.distanceFee,
      deliveryFee: row.deliveryFee,
    };
    return { item, spec };
  }

  /**
   * What one goods (and specification: its id or `checkAttrName`) costs and how many are left,
   * read on `executor`. PRODUCT_NOT_FOUND, PRODUCT_OFF_SHELF (also when its store closed),
   * SELECT_SPECIFICATION, SPECIFICATION_NOT_FOUND.
   */
  async getPurchasable(executor: Executor, sellerGoodsId: string, attr?: string): Promise<Purchasable> {
    return (await this.resolve(executor, sellerGoodsId, attr)).item;
  }

  /**
   * Takes `quantity` units out of stock with one conditional update (`stock >= quantity`), so
   * concurrent buyers can never drive it below zero. Answers what was reserved at which price.
   * STOCK_INSUFFICIENT when there are not enough; the errors of getPurchasable otherwise.
   */
  async reserveStock(executor: Executor, change: StockChange): Promise<Purchasable> {
    const quantity = positiveInt(change.quantity, 'quantity');
    const { item, spec } = await this.resolve(executor, change.sellerGoodsId, change.attr);
    const taken =
      spec && spec.stock !== null
        ? await this.repository.takeSpecStock(executor, spec.id, quantity)
        : await this.repository.takeGoodsStock(executor, item.sellerGoodsId, quantity, this.clock.now());
    if (!taken) throw new AppError('STOCK_INSUFFICIENT');
    this.goodsChanged([item.sellerGoodsId]);
    return { ...item, stock: item.stock - quantity };
  }

  /** Puts reserved units back (a cancelled or refunded order), whatever the goods' status now. */
  async releaseStock(executor: Executor, change: StockChange): Promise<void> {
    const quantity = positiveInt(change.quantity, 'quantity');
    const row = await this.repository.findGoods(change.sellerGoodsId, executor);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    const spec = this.pickSpec(row, await this.repository.findSpecs(row.id, executor), change.attr);
    const now = this.clock.now();
    const done =
      spec && spec.stock !== null
        ? await this.repository.returnSpecStock(executor, spec.id, quantity)
        : await this.repository.returnGoodsStock(executor, row.id, quantity, now);
    if (!done) throw new AppError('PRODUCT_NOT_FOUND');
    this.goodsChanged([row.id]);
  }

  /** Adds units sold to the goods (negative on a refund; never below zero). */
  async recordSold(executor: Executor, sellerGoodsId: string, delta: number): Promise<void> {
    if (!Number.isSafeInteger(delta) || delta === 0)
      throw new AppError('PARAMETER_ERROR', { field: 'quantity' });
    if (!(await this.repository.addSold(executor, sellerGoodsId, delta)))
      throw new AppError('PRODUCT_NOT_FOUND');
  }

  /** Puts goods on sale (1), off the shelf (0) or removes them (-1). */
  async setGoodsStatus(executor: Executor, sellerGoodsId: string, status: number): Promise<void> {
    if (!Object.values(GOODS_STATUS).includes(status as never)) {
      throw new AppError('PARAMETER_ERROR', { field: 'status' });
    }
    const done = await this.repository.setGoodsStatus(executor, sellerGoodsId, status, this.clock.now());
    if (!done) throw new AppError('PRODUCT_NOT_FOUND');
    await this.invalidate();
  }
}
