/**
 * Catalogue calls of SPEC §7 at their exact paths, plus the keyword search (`/api/search`) and
 * suggestions (`/api/search/suggest`) whose paths the spec does not show. Reads accept GET and POST.
 */
import { CATALOGUE_PAGE_SIZES } from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { goodsFilterInput, idInput, optionalFlag, optionalId, optionalKeyword } from './catalogue-inputs.ts';

const READ = ['GET', 'POST'] as const;

const goodsListInput = z.object({
  ...pageInput(CATALOGUE_PAGE_SIZES.goods),
  ...goodsFilterInput,
  keyword: optionalKeyword,
});

export function catalogueRoutes(route: DefineRoute, catalogue: CatalogueService): void {
  route({
    method: [...READ],
    url: '/api/sellerGoods/list',
    input: goodsListInput,
    handle: (_ctx, input) => catalogue.goodsList(input),
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/search',
    input: goodsListInput,
    handle: (_ctx, input) => catalogue.goodsList(input),
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/recommendNew',
    input: z.object(pageInput(CATALOGUE_PAGE_SIZES.recommended)),
    handle: (_ctx, page) => catalogue.recommendNew(page),
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/info',
    input: z.object({ sellerGoodsId: idInput }),
    auth: 'optional',
    handle: (ctx, { sellerGoodsId }) => catalogue.goodsInfo(ctx, sellerGoodsId),
    // The hottest read of all: a visitor's page, once cached, is answered ahead of the framework.
    cachedRead: ({ sellerGoodsId }, lang) =>
      typeof sellerGoodsId === 'string' ? catalogue.cachedGoodsInfo(sellerGoodsId, lang) : undefined,
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/recommend/like',
    input: z.object(pageInput(CATALOGUE_PAGE_SIZES.recommended)),
    auth: 'optional',
    handle: (ctx, page) => catalogue.guessYouLike(ctx, page),
  });
  route({
    method: [...READ],
    url: '/api/index!home.action',
    input: z.object({}),
    handle: (ctx) => catalogue.home(ctx),
  });
  route({
    method: [...READ],
    url: '/api/banner/list',
    input: z.object({
      position: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(32).default('home')),
    }),
    handle: (ctx, { position }) => catalogue.banners(position, ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/category!list.action',
    input: z.object({ parentId: optionalId }),
    handle: (ctx, { parentId }) => catalogue.categoryList(ctx.lang, parentId),
  });
  route({
    method: [...READ],
    url: '/api/category/recommend',
    input: z.object({}),
    handle: (ctx) => catalogue.recommendCategories(ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/category/tree',
    input: z.object({}),
    handle: (ctx) => catalogue.categoryTree(ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/seller/list',
    input: z.object({
      ...pageInput(CATALOGUE_PAGE_SIZES.sellers),
      keyword: optionalKeyword,
      recommend: optionalFlag,
      country: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
    }),
    handle: (_ctx, input) => catalogue.sellerList(input),
  });
  route({
    method: [...READ],
    url: '/api/seller/info',
    input: z.object({ sellerId: idInput }),
    auth: 'optional',
    handle: (ctx, { sellerId }) => catalogue.sellerInfo(ctx, sellerId),
  });
  route({
    method: [...READ],
    url: '/api/seller/tree',
    input: z.object({ sellerId: idInput }),
    handle: (ctx, { sellerId }) => catalogue.sellerCategoryTree(ctx.lang, sellerId),
  });
  route({
    method: [...READ],
    url: '/api/current/activity',
    input: z.object({}),
    handle: (ctx) => catalogue.currentActivity(ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/search',
    input: z.object({ ...pageInput(CATALOGUE_PAGE_SIZES.goods), keyword: z.string() }),
    handle: (_ctx, { keyword, pageNum, pageSize }) => catalogue.searchAll(keyword, { pageNum, pageSize }),
  });
  route({
    method: [...READ],
    url: '/api/search/suggest',
    input: z.object({ keyword: optionalKeyword, sellerId: optionalId }),
    handle: (_ctx, { keyword, sellerId }) => catalogue.suggest(keyword, sellerId),
  });
}
