/**
 * Catalogue calls of SPEC §7 at their exact paths, plus the keyword search (`/api/search`) and
 * suggestions (`/api/search/suggest`) whose paths the spec does not show. Reads accept GET and POST.
 */

import {
  activitySchema,
  bannerSchema,
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
import {
  bannerListInputSchema,
  categoryListInputSchema,
  categoryRecommendInputSchema,
  categoryTreeInputSchema,
  currentActivityInputSchema,
  indexHomeInputSchema,
  searchInputSchema,
  searchSuggestInputSchema,
  sellerGoodsInfoInputSchema,
  sellerGoodsListInputSchema,
  sellerGoodsRecommendLikeInputSchema,
  sellerGoodsRecommendNewInputSchema,
  sellerGoodsSearchInputSchema,
  sellerInfoInputSchema,
  sellerListInputSchema,
  sellerTreeInputSchema,
} from '@mall/contract/catalogue.inputs';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { goodsTag } from './catalogue-types.ts';

const READ = ['GET', 'POST'] as const;

/**
 * How long a visitor's answer is kept at the edge and by shared caches (core/http/edge-cache.ts):
 * goods pages and lists briefly (stock and sales move), structure (home, categories) a minute.
 */
const BRIEF = { seconds: 10 };
const HALF_MINUTE = { seconds: 30 };
const MINUTE = { seconds: 60 };

export function catalogueRoutes(route: DefineRoute, catalogue: CatalogueService): void {
  route({
    method: [...READ],
    url: '/api/sellerGoods/list',
    output: pageSchema(goodsCardSchema),
    input: sellerGoodsListInputSchema,
    handle: async (ctx, input) =>
      catalogue.local.goodsPage(await catalogue.goods.list(input), ctx.lang, input.keyword),
    publicCache: BRIEF,
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/search',
    output: pageSchema(goodsCardSchema),
    input: sellerGoodsSearchInputSchema,
    handle: async (ctx, input) =>
      catalogue.local.goodsPage(await catalogue.goods.list(input), ctx.lang, input.keyword),
    publicCache: BRIEF,
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/recommendNew',
    output: pageSchema(goodsCardSchema),
    input: sellerGoodsRecommendNewInputSchema,
    handle: async (ctx, page) =>
      catalogue.local.goodsPage(await catalogue.goods.recommendNew(page), ctx.lang),
    publicCache: BRIEF,
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/info',
    output: goodsInfoSchema,
    input: sellerGoodsInfoInputSchema,
    auth: 'optional',
    handle: (ctx, { sellerGoodsId }) => catalogue.local.goodsInfo(ctx, sellerGoodsId),
    // A stock change drops this goods' page at once; every page served from the edge is a view.
    publicCache: {
      ...BRIEF,
      tags: ({ sellerGoodsId }) => [goodsTag(sellerGoodsId)],
      onCachedAnswer: ({ sellerGoodsId }) => catalogue.goods.countView(sellerGoodsId),
    },
  });
  route({
    method: [...READ],
    url: '/api/sellerGoods/recommend/like',
    output: pageSchema(goodsCardSchema),
    input: sellerGoodsRecommendLikeInputSchema,
    auth: 'optional',
    handle: async (ctx, page) =>
      catalogue.local.goodsPage(await catalogue.goods.guessYouLike(ctx, page), ctx.lang),
    publicCache: BRIEF,
  });
  route({
    method: [...READ],
    url: '/api/index!home.action',
    output: homeSchema,
    input: indexHomeInputSchema,
    handle: (ctx) => catalogue.local.home(ctx),
    publicCache: MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/banner/list',
    output: z.array(bannerSchema),
    input: bannerListInputSchema,
    handle: (ctx, { position }) => catalogue.storefront.banners(position, ctx.lang),
    publicCache: HALF_MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/category!list.action',
    output: z.array(categorySchema),
    input: categoryListInputSchema,
    handle: (ctx, { parentId }) => catalogue.storefront.categoryList(ctx.lang, parentId),
    publicCache: MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/category/recommend',
    output: z.array(categorySchema),
    input: categoryRecommendInputSchema,
    handle: (ctx) => catalogue.storefront.recommendCategories(ctx.lang),
    publicCache: MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/category/tree',
    output: z.array(categoryNodeSchema),
    input: categoryTreeInputSchema,
    handle: (ctx) => catalogue.storefront.categoryTree(ctx.lang),
    publicCache: MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/seller/list',
    output: pageSchema(sellerCardSchema),
    input: sellerListInputSchema,
    handle: async (ctx, input) =>
      catalogue.local.sellerPage(await catalogue.storefront.sellerList(input), ctx.lang),
    publicCache: HALF_MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/seller/info',
    output: sellerInfoSchema,
    input: sellerInfoInputSchema,
    auth: 'optional',
    handle: (ctx, { sellerId }) => catalogue.local.sellerInfo(ctx, sellerId),
    publicCache: {
      ...HALF_MINUTE,
      onCachedAnswer: ({ sellerId }) => catalogue.storefront.countSellerView(sellerId),
    },
  });
  route({
    method: [...READ],
    url: '/api/seller/tree',
    output: z.array(categoryNodeSchema),
    input: sellerTreeInputSchema,
    handle: (ctx, { sellerId }) => catalogue.storefront.sellerCategoryTree(ctx.lang, sellerId),
    publicCache: MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/current/activity',
    output: activitySchema.nullable(),
    input: currentActivityInputSchema,
    handle: (ctx) => catalogue.storefront.currentActivity(ctx.lang),
    publicCache: HALF_MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/search',
    output: searchSchema,
    input: searchInputSchema,
    handle: async (ctx, { keyword, pageNum, pageSize }) =>
      catalogue.local.searchAll(
        await catalogue.goods.searchAll(keyword, { pageNum, pageSize }),
        ctx.lang,
        keyword,
      ),
    publicCache: HALF_MINUTE,
  });
  route({
    method: [...READ],
    url: '/api/search/suggest',
    output: z.array(suggestionSchema),
    input: searchSuggestInputSchema,
    handle: async (ctx, { keyword, sellerId }) =>
      catalogue.local.suggestions(await catalogue.goods.suggest(keyword, sellerId), ctx.lang, keyword ?? ''),
    publicCache: HALF_MINUTE,
  });
}
