import {
  CATALOGUE_PAGE_SIZES,
  countSchema,
  focusSellerSchema,
  keepGoodsSchema,
  noDataSchema,
  pageSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { DELETE_MAX_IDS, type FavouritesService } from './favourites.service.ts';

const READ = ['GET', 'POST'] as const;

const oneId = z.string().trim().min(1).max(64);

/** One id, a comma list or an array (the user centre deletes several at once). */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(oneId).min(1).max(DELETE_MAX_IDS),
);

export function favouritesRoutes(route: DefineRoute, favourites: FavouritesService): void {
  route({
    method: [...READ],
    url: '/api/keepGoods/list',
    output: pageSchema(keepGoodsSchema),
    input: z.object(pageInput(CATALOGUE_PAGE_SIZES.favourites)),
    auth: 'user',
    handle: (ctx, page) => favourites.keepList(ctx, page),
  });
  route({
    method: 'POST',
    url: '/api/keepGoods/add',
    output: noDataSchema,
    input: z.object({ sellerGoodsId: oneId }),
    auth: 'user',
    handle: async (ctx, { sellerGoodsId }) => {
      await favourites.keepAdd(ctx, sellerGoodsId);
      return null;
    },
  });
  route({
    method: 'POST',
    url: '/api/keepGoods/del',
    output: noDataSchema,
    input: z.object({ sellerGoodsId: idList }),
    auth: 'user',
    handle: async (ctx, { sellerGoodsId }) => {
      await favourites.keepDelete(ctx, sellerGoodsId);
      return null;
    },
  });
  route({
    method: [...READ],
    url: '/api/keep/goods/count',
    output: countSchema,
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => favourites.keepCount(ctx),
  });
  route({
    method: [...READ],
    url: '/api/focus/seller/list',
    output: pageSchema(focusSellerSchema),
    input: z.object(pageInput(CATALOGUE_PAGE_SIZES.follows)),
    auth: 'user',
    handle: (ctx, page) => favourites.followList(ctx, page),
  });
  route({
    method: 'POST',
    url: '/api/focus/seller/add',
    output: noDataSchema,
    input: z.object({ sellerId: oneId }),
    auth: 'user',
    handle: async (ctx, { sellerId }) => {
      await favourites.followAdd(ctx, sellerId);
      return null;
    },
  });
  route({
    method: 'POST',
    url: '/api/focus/seller/del',
    output: noDataSchema,
    input: z.object({ sellerId: idList }),
    auth: 'user',
    handle: async (ctx, { sellerId }) => {
      await favourites.followDelete(ctx, sellerId);
      return null;
    },
  });
  route({
    method: [...READ],
    url: '/api/focus/seller/count',
    output: countSchema,
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => favourites.followCount(ctx),
  });
}
