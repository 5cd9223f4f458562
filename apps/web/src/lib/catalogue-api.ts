/**
 * Reads of the catalogue API (docs/api/catalogue.md), shared by the home, catalogue, product and
 * favourites pages. Plain fetchers and query keys: pages wrap them in `useQuery` (or `useApiData` on
 * the home route). Reads go as GET so that the query string is the whole request.
 */
import type {
  ActivityDto,
  CategoryDto,
  CategoryNodeDto,
  GoodsCardDto,
  GoodsInfoDto,
  GoodsListType,
  GoodsSort,
  HomeDto,
  Page,
  ReviewCountsDto,
  ReviewDto,
  SearchDto,
  SellerCardDto,
  SellerInfoDto,
  SuggestionDto,
} from '@mall/contract';
import { apiCall } from './api-client.ts';

/** Inputs of `/api/sellerGoods/list` (and `/search`): all optional. */
export interface GoodsQuery {
  keyword?: string | undefined;
  categoryId?: string | undefined;
  sellerId?: string | undefined;
  type?: GoodsListType | undefined;
  sort?: GoodsSort | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
  home: ['catalogue', 'home'] as const,
  like: (page: number, user: string) => ['catalogue', 'like', user, page] as const,
  recommendCategories: ['catalogue', 'category-recommend'] as const,
  categoryTree: ['catalogue', 'category-tree'] as const,
  goods: (query: GoodsQuery) => ['catalogue', 'goods', query] as const,
  search: (keyword: string) => ['catalogue', 'search', keyword] as const,
  sellers: (query: SellerQuery) => ['catalogue', 'sellers', query] as const,
  goodsInfo: (id: string) => ['catalogue', 'goods-info', id] as const,
  sellerInfo: (id: string) => ['catalogue', 'seller-info', id] as const,
  sellerTree: (id: string) => ['catalogue', 'seller-tree', id] as const,
  reviews: (id: string, type: number, hasImage: boolean, page: number) =>
    ['catalogue', 'reviews', id, type, hasImage, page] as const,
  reviewCounts: (id: string) => ['catalogue', 'review-counts', id] as const,
  activity: ['catalogue', 'activity'] as const,
};

type Params = Record<string, string | number | boolean | undefined>;
const get = <T>(path: string, params: Params = {}) => apiCall<T>(path, { method: 'GET', params });

export const fetchHome = () => get<HomeDto>('/api/index!home.action');

export const fetchGuessLike = (pageNum: number, pageSize: number) =>
  get<Page<GoodsCardDto>>('/api/sellerGoods/recommend/like', { pageNum, pageSize });

export const fetchRecommendCategories = () => get<CategoryDto[]>('/api/category/recommend');

export const fetchCategoryTree = () => get<CategoryNodeDto[]>('/api/category/tree');

export const fetchGoods = (query: GoodsQuery) =>
  get<Page<GoodsCardDto>>(query.keyword ? '/api/sellerGoods/search' : '/api/sellerGoods/list', {
    ...query,
  });

export const fetchSearch = (keyword: string) => get<SearchDto>('/api/search', { keyword });

export const fetchSuggestions = (keyword: string, sellerId?: string) =>
  get<SuggestionDto[]>('/api/search/suggest', { keyword, sellerId });

export interface SellerQuery {
  keyword?: string | undefined;
  recommend?: boolean | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

export const fetchSellers = (query: SellerQuery) =>
  get<Page<SellerCardDto>>('/api/seller/list', {
    ...query,
    recommend: query.recommend ? 1 : undefined,
  });

export const fetchGoodsInfo = (sellerGoodsId: string) =>
  get<GoodsInfoDto>('/api/sellerGoods/info', { sellerGoodsId });

export const fetchSellerInfo = (sellerId: string) => get<SellerInfoDto>('/api/seller/info', { sellerId });

export const fetchSellerTree = (sellerId: string) => get<CategoryNodeDto[]>('/api/seller/tree', { sellerId });

export const fetchReviews = (
  sellerGoodsId: string,
  evaluationType: number,
  hasImage: boolean,
  pageNum: number,
  pageSize: number,
) =>
  get<Page<ReviewDto>>('/api/evaluation/list', {
    sellerGoodsId,
    evaluationType: evaluationType || undefined,
    hasImage: hasImage ? 1 : undefined,
    pageNum,
    pageSize,
  });

export const fetchReviewCounts = (sellerGoodsId: string) =>
  get<ReviewCountsDto>('/api/evaluation/type/count', { sellerGoodsId });

export const fetchActivity = () => get<ActivityDto | null>('/api/current/activity');
