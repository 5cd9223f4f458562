/**
 * Goods for buyers: lists and searches, new arrivals, "guess you like", suggestions and the goods
 * page. Plain async reads; visitors' answers are kept at the HTTP edge (the routes' publicCache).
 */
import {
  CATALOGUE_PAGE_SIZES,
  formatMoney,
  GOODS_STATUS,
  type GoodsCardDto,
  type GoodsInfoDto,
  type GoodsListType,
  type GoodsSort,
  type Page,
  type SearchDto,
  type SellerCardDto,
  SHIPPING_PROMISE,
  type SuggestionDto,
} from '@mall/contract';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { parseImages, toGoodsCard, wireTime } from './catalogue.mappers.ts';
import type { GoodsFilter, GoodsOrder } from './catalogue.repository.ts';
import type { CatalogueData } from './catalogue-data.ts';
import type { GoodsQuery } from './catalogue-types.ts';
import { normalizeKeyword } from './keyword.ts';
import type { PageViews } from './page-views.ts';
import type { SearchRepository } from './search.repository.ts';
import { LoadingCache, TtlCache } from './ttl-cache.ts';

/** The goods page without what depends on the language or the buyer. */
type InfoBase = Omit<GoodsInfoDto, 'isKeep' | 'isFocus' | 'categoryName'>;

const POPULAR: GoodsFilter = {};

function orderOf(sort: GoodsSort, type: GoodsListType): GoodsOrder {
  if (sort === 'default') return type === 'new' ? 'new' : 'sales';
  return sort;
}

export class GoodsReads {
  /** The goods page's common part, kept 10 s: signed-in buyers' pages are built from it. */
  private readonly infos: LoadingCache<InfoBase>;

  constructor(
    private readonly data: CatalogueData,
    private readonly search: SearchRepository,
    private readonly views: PageViews,
  ) {
    this.infos = new LoadingCache<InfoBase>(new TtlCache<InfoBase>(data.clock, 10_000, 5000));
    data.onChange(({ goodsIds }) => {
      if (!Array.isArray(goodsIds)) this.infos.clear();
      else for (const id of goodsIds) this.infos.delete(id);
    });
  }

  /** `/api/sellerGoods/list` and `/search`: filters, sorts and (optionally) a keyword. */
  async list(query: GoodsQuery): Promise<Page<GoodsCardDto>> {
    const keyword = normalizeKeyword(query.keyword);
    const filter = await this.data.filterOf(query);
    if (!keyword) return this.data.listPage(filter, orderOf(query.sort, query.type), query);
    const order = query.sort === 'default' ? 'relevance' : query.sort;
    const { rows, total } = await this.search.searchGoods(
      keyword,
      filter,
      order,
      query.pageSize,
      offsetOf(query),
      true,
    );
    return pageOf(rows.map(toGoodsCard), total, query);
  }

  /** New arrivals, newest first. */
  recommendNew(page: PageRequest): Promise<Page<GoodsCardDto>> {
    return this.data.listPage({ flag: 'new' }, 'new', page);
  }

  /**
   * "Guess you like": for a signed-in user, goods from the categories of their favourites and
   * recent views and from the stores they follow (not what they already favourited), best sellers
   * first; the best sellers of the whole mall for visitors or when nothing matches.
   */
  async guessYouLike(ctx: RequestContext, page: PageRequest): Promise<Page<GoodsCardDto>> {
    const popular = () => this.data.listPage(POPULAR, 'sales', page);
    const userId = ctx.actor?.userId;
    if (!userId) return popular();
    const { repository, audience } = this.data;
    const [interests, viewed] = await Promise.all([
      audience.interests(userId, 50),
      repository.recentViews(userId, 20),
    ]);
    const categoryIds = await repository.categoriesOfGoods([...interests.goodsIds, ...viewed]);
    if (categoryIds.length === 0 && interests.sellerIds.length === 0) return popular();
    const filter: GoodsFilter = {
      anyOf: { categoryIds, sellerIds: interests.sellerIds },
      excludeIds: interests.goodsIds,
    };
    const [rows, total] = await Promise.all([
      repository.listGoods(filter, 'sales', page.pageSize, offsetOf(page)),
      repository.countGoods(filter),
    ]);
    if (total === 0) return popular();
    return pageOf(rows.map(toGoodsCard), total, page);
  }

  /** The header search: goods (a page) and the first stores whose names match. */
  async searchAll(rawKeyword: string, page: PageRequest): Promise<SearchDto> {
    const keyword = normalizeKeyword(rawKeyword);
    if (!keyword) throw new AppError('MISSING_PARAMETER', { field: 'keyword' });
    const goods = await this.search.searchGoods(
      keyword,
      {},
      'relevance',
      page.pageSize,
      offsetOf(page),
      true,
    );
    const sellers = await this.search.searchSellers(keyword, CATALOGUE_PAGE_SIZES.searchSellers, 0);
    const cards = await this.data.sellerCards(sellers.ids);
    return {
      goodsList: goods.rows.map((r) => ({ ...toGoodsCard(r), id: r.id })),
      goodsTotal: goods.total,
      sellerList: sellers.ids
        .map((id) => cards.get(id))
        .filter((c): c is SellerCardDto => c !== undefined)
        .map((c) => ({ ...c, id: c.sellerId })),
      sellerTotal: sellers.total,
    };
  }

  /** Autocomplete: the best-selling goods whose names contain the keyword (optionally in one store). */
  async suggest(rawKeyword: string | undefined, sellerId?: string): Promise<SuggestionDto[]> {
    const keyword = normalizeKeyword(rawKeyword);
    if (!keyword) return [];
    if (sellerId !== undefined) await this.data.requireOpenSeller(sellerId);
    const { rows } = await this.search.searchGoods(
      keyword,
      sellerId ? { sellerIds: [sellerId] } : {},
      'relevance',
      CATALOGUE_PAGE_SIZES.suggestions,
      0,
      false,
    );
    return rows.map((r) => ({
      sellerGoodsId: r.id,
      name: r.name,
      imgUrl1: r.coverUrl,
      price: formatMoney(r.price),
    }));
  }

  /**
   * `/api/sellerGoods/info`. Counts a view (in memory, flushed in batches); a signed-in buyer also
   * learns whether they favourited the goods and follow its store.
   */
  async info(ctx: RequestContext, id: string): Promise<GoodsInfoDto> {
    const [base, tree] = await Promise.all([this.infos.get(id, () => this.loadInfo(id)), this.data.tree()]);
    const userId = ctx.actor?.userId;
    this.views.recordGoods(id, userId);
    const page = {
      ...base,
      categoryName: tree.name(base.categoryId, ctx.lang),
      isKeep: false,
      isFocus: false,
    };
    if (!userId) return page;
    // The store card is read apart from the kept page: a buyer who just followed sees the count.
    const [isKeep, isFocus, seller] = await Promise.all([
      this.data.audience.isKeeping(userId, id),
      this.data.audience.isFollowing(userId, base.sellerId),
      this.data.sellerCard(base.sellerId),
    ]);
    return { ...page, seller, isKeep, isFocus };
  }

  /** A visitor's goods page served from the edge cache still counts its view. */
  countView(id: string): void {
    this.views.recordGoods(id);
  }

  private async loadInfo(id: string): Promise<InfoBase> {
    const { repository, ratings, audience } = this.data;
    const row = await repository.findGoods(id);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (row.status !== GOODS_STATUS.onSale) throw new AppError('PRODUCT_OFF_SHELF');
    const [specs, reviews, keepNum, seller] = await Promise.all([
      repository.findSpecs(id),
      ratings.goodsCounts(id),
      audience.keepCount(id),
      this.data.sellerCard(row.sellerId),
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
}
