/**
 * Reads of the catalogue API (docs/api/catalogue.md), shared by the home, catalogue, product and
 * favourites pages. Plain fetchers and query keys: pages wrap them in `useQuery` (or `useApiData` on
 * the home route). Reads go as GET so that the query string is the whole request.
 */
import type { GoodsListType, GoodsSort } from '@mall/contract';
import type { ApiInput, ApiPath } from '@mall/contract/api-calls';
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

const get = <P extends ApiPath>(path: P, params?: ApiInput<P>) => apiCall(path, { method: 'GET', params });

export const fetchHome = () => get('/api/index!home.action');

export const fetchGuessLike = (pageNum: number, pageSize: number) =>
  get('/api/sellerGoods/recommend/like', { pageNum, pageSize });

export const fetchRecommendCategories = () => get('/api/category/recommend');

export const fetchCategoryTree = () => get('/api/category/tree');

export const fetchGoods = (query: GoodsQuery) =>
  get(query.keyword ? '/api/sellerGoods/search' : '/api/sellerGoods/list', {
    ...query,
  });

export const fetchSearch = (keyword: string) => get('/api/search', { keyword });

export const fetchSuggestions = (keyword: string, sellerId?: string) =>
  get('/api/search/suggest', { keyword, sellerId });

export interface SellerQuery {
  keyword?: string | undefined;
  recommend?: boolean | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

export const fetchSellers = (query: SellerQuery) =>
  get('/api/seller/list', {
    ...query,
    recommend: query.recommend || undefined,
  });

export const fetchGoodsInfo = (sellerGoodsId: string) => get('/api/sellerGoods/info', { sellerGoodsId });

export const fetchSellerInfo = (sellerId: string) => get('/api/seller/info', { sellerId });

export const fetchSellerTree = (sellerId: string) => get('/api/seller/tree', { sellerId });

export const fetchReviews = (
  sellerGoodsId: string,
  evaluationType: number,
  hasImage: boolean,
  pageNum: number,
  pageSize: number,
) =>
  get('/api/evaluation/list', {
    sellerGoodsId,
    evaluationType: evaluationType || undefined,
    hasImage: hasImage || undefined,
    pageNum,
    pageSize,
  });

export const fetchReviewCounts = (sellerGoodsId: string) =>
  get('/api/evaluation/type/count', { sellerGoodsId });

export const fetchActivity = () => get('/api/current/activity');
