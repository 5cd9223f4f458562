/**
 * Catalogue calls of SPEC §7 at their exact paths, plus the keyword search (`/api/search`) and
 * suggestions (`/api/search/suggest`) whose paths the spec does not show. Reads accept GET and POST.
 */
import {
  activitySchema,
  bannerSchema,
  CATALOGUE_PAGE_SIZES,
  categoryNodeSchema,
  categorySchema,
  goodsCardSchema,
  goodsInfoSchema,
  homeSchema,
  pageSchema,
  searchSchema,
  sellerCardSchema,
  sellerInfoSchema,
  suggestionSchema,
} from '@mall/contract';
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
    output: pageSchema(goodsCardSchema),
    input: goodsListInput,
    handle: (_ctx, input) => catalogue.goodsList(input),
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/search',
    output: pageSchema(goodsCardSchema),
    input: goodsListInput,
    handle: (_ctx, input) => catalogue.goodsList(input),
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/recommendNew',
    output: pageSchema(goodsCardSchema),
    input: z.object(pageInput(CATALOGUE_PAGE_SIZES.recommended)),
    handle: (_ctx, page) => catalogue.recommendNew(page),
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/info',
    output: goodsInfoSchema,
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
    output: pageSchema(goodsCardSchema),
    input: z.object(pageInput(CATALOGUE_PAGE_SIZES.recommended)),
    auth: 'optional',
    handle: (ctx, page) => catalogue.guessYouLike(ctx, page),
  });
  route({
    method: [...READ],
    url: '/api/index!home.action',
    output: homeSchema,
    input: z.object({}),
    handle: (ctx) => catalogue.home(ctx),
  });
  route({
    method: [...READ],
    url: '/api/banner/list',
    output: z.array(bannerSchema),
    input: z.object({
      position: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(32).default('home')),
    }),
    handle: (ctx, { position }) => catalogue.banners(position, ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/category!list.action',
    output: z.array(categorySchema),
    input: z.object({ parentId: optionalId }),
    handle: (ctx, { parentId }) => catalogue.categoryList(ctx.lang, parentId),
  });
  route({
    method: [...READ],
    url: '/api/category/recommend',
    output: z.array(categorySchema),
    input: z.object({}),
    handle: (ctx) => catalogue.recommendCategories(ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/category/tree',
    output: z.array(categoryNodeSchema),
    input: z.object({}),
    handle: (ctx) => catalogue.categoryTree(ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/seller/list',
    output: pageSchema(sellerCardSchema),
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
    output: sellerInfoSchema,
    input: z.object({ sellerId: idInput }),
    auth: 'optional',
    handle: (ctx, { sellerId }) => catalogue.sellerInfo(ctx, sellerId),
  });
  route({
    method: [...READ],
    url: '/api/seller/tree',
    output: z.array(categoryNodeSchema),
    input: z.object({ sellerId: idInput }),
    handle: (ctx, { sellerId }) => catalogue.sellerCategoryTree(ctx.lang, sellerId),
  });
  route({
    method: [...READ],
    url: '/api/current/activity',
    output: activitySchema.nullable(),
    input: z.object({}),
    handle: (ctx) => catalogue.currentActivity(ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/search',
    output: searchSchema,
    input: z.object({ ...pageInput(CATALOGUE_PAGE_SIZES.goods), keyword: z.string() }),
    handle: (_ctx, { keyword, pageNum, pageSize }) => catalogue.searchAll(keyword, { pageNum, pageSize }),
  });
  route({
    method: [...READ],
    url: '/api/search/suggest',
    output: z.array(suggestionSchema),
    input: z.object({ keyword: optionalKeyword, sellerId: optionalId }),
    handle: (_ctx, { keyword, sellerId }) => catalogue.suggest(keyword, sellerId),
  });
}
