/**
 * The storefront's other reads: home, categories, stores, banners and the current activity.
 * Plain async reads; visitors' answers are kept at the HTTP edge (the routes' publicCache).
 */
import {
  type ActivityDto,
  type BannerDto,
  CATALOGUE_PAGE_SIZES,
  type CategoryDto,
  type CategoryNodeDto,
  type GoodsCardDto,
  type HomeDto,
  type Page,
  type SellerCardDto,
  type SellerInfoDto,
} from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import { AppError } from '../../core/errors.ts';
import { offsetOf, pageOf } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { toBanner, wireTime } from './catalogue.mappers.ts';
import type { CatalogueData } from './catalogue-data.ts';
import type { SellerQuery } from './catalogue-types.ts';
import { normalizeKeyword } from './keyword.ts';
import type { PageViews } from './page-views.ts';
import type { SearchRepository } from './search.repository.ts';

export class StorefrontReads {
  constructor(
    private readonly data: CatalogueData,
    private readonly search: SearchRepository,
    private readonly views: PageViews,
  ) {}

  // ---- categories ----

  async categoryTree(lang: LanguageCode): Promise<CategoryNodeDto[]> {
    return (await this.data.tree()).tree(lang);
  }

  /** Children of `parentId` (the top level without one). */
  async categoryList(lang: LanguageCode, parentId?: string): Promise<CategoryDto[]> {
    const tree = await this.data.tree();
    if (parentId !== undefined && !tree.has(parentId)) throw new AppError('CATEGORY_NOT_FOUND');
    return tree.children(parentId, lang);
  }

  async recommendCategories(lang: LanguageCode): Promise<CategoryDto[]> {
    return (await this.data.tree()).recommended(lang);
  }

  /** The categories a store sells in, with that store's counts. */
  async sellerCategoryTree(lang: LanguageCode, sellerId: string): Promise<CategoryNodeDto[]> {
    await this.data.requireOpenSeller(sellerId);
    const [tree, counts] = await Promise.all([
      this.data.tree(),
      this.data.repository.countSellerGoodsByCategory(sellerId),
    ]);
    return tree.tree(lang, counts);
  }

  // ---- stores ----

  /** `/api/seller/list`: open stores, recommended first then newest; a keyword matches store names. */
  async sellerList(query: SellerQuery): Promise<Page<SellerCardDto>> {
    const keyword = normalizeKeyword(query.keyword);
    let ids: string[];
    let total: number;
    if (keyword) {
      ({ ids, total } = await this.search.searchSellers(keyword, query.pageSize, offsetOf(query)));
    } else {
      const found = await this.data.repository.listSellers(
        { recommend: query.recommend, country: query.country },
        query.pageSize,
        offsetOf(query),
      );
      ids = found.rows.map((r) => r.id);
      total = found.total;
    }
    const cards = await this.data.sellerCards(ids);
    const list = ids.map((id) => cards.get(id)).filter((c): c is SellerCardDto => c !== undefined);
    return pageOf(list, total, query);
  }

  /** `/api/seller/info`: the store page; counts a store view. */
  async sellerInfo(ctx: RequestContext, sellerId: string): Promise<SellerInfoDto> {
    const row = await this.data.requireOpenSeller(sellerId);
    const card = await this.data.sellerCard(sellerId);
    this.views.recordSeller(sellerId);
    const userId = ctx.actor?.userId;
    const isFocus = userId ? await this.data.audience.isFollowing(userId, sellerId) : false;
    return {
      ...card,
      banner: row.bannerUrl,
      description: row.description,
      createTime: wireTime(row.createdAt),
      isFocus,
    };
  }

  /** A visitor's store page served from the edge cache still counts its view. */
  countSellerView(sellerId: string): void {
    this.views.recordSeller(sellerId);
  }

  // ---- home, banners, activity ----

  /** The live banners at `position` for buyers of `lang`: theirs and those for every language. */
  async banners(position: string, lang: LanguageCode): Promise<BannerDto[]> {
    return (await this.data.repository.findBanners(position, lang, this.data.clock.now())).map(toBanner);
  }

  /** The running activity in `lang` when it has one in that language, else one for every language. */
  async currentActivity(lang: LanguageCode): Promise<ActivityDto | null> {
    const row = await this.data.repository.findCurrentActivity(lang, this.data.clock.now());
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
  }

  /** `/api/index!home.action`. */
  async home(ctx: RequestContext): Promise<HomeDto> {
    const { repository } = this.data;
    const first = { pageNum: 1, pageSize: CATALOGUE_PAGE_SIZES.goods };
    const merchantList = await this.sellerList({
      pageNum: 1,
      pageSize: CATALOGUE_PAGE_SIZES.sellers,
      recommend: true,
    });
    const merchantIds = merchantList.pageList.map((s) => s.sellerId);
    const list = this.data.listPage.bind(this.data);
    const [
      tree,
      homeBanner,
      recommendList,
      newList,
      bottomList,
      sellerGoodsList,
      merchantGoodsList,
      goodsCount,
      sellerCount,
    ] = await Promise.all([
      this.data.tree(),
      this.banners('home', ctx.lang),
      list({ flag: 'recommend' }, 'sales', first),
      list({ flag: 'new' }, 'new', first),
      list({ flag: 'discount' }, 'sales', first),
      list({ flag: 'hot' }, 'sales', first),
      merchantIds.length > 0
        ? list({ sellerIds: merchantIds }, 'sales', first)
        : Promise.resolve(pageOf<GoodsCardDto>([], 0, first)),
      repository.countOnSaleGoods(),
      repository.countOpenSellers(),
    ]);
    return {
      categoryList: tree.children(undefined, ctx.lang),
      recommendList,
      newList,
      bottomList,
      merchantList,
      merchantGoodsList,
      sellerGoodsList,
      goodsCount,
      sellerCount,
      homeBanner,
      downAppUrl: ctx.brand.buyerAppUrl,
    };
  }
}
