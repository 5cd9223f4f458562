import { countSchema, focusSellerSchema, keepGoodsSchema, noDataSchema, pageSchema } from '@mall/contract';
import {
  focusSellerAddInputSchema,
  focusSellerCountInputSchema,
  focusSellerDelInputSchema,
  focusSellerListInputSchema,
  keepGoodsAddInputSchema,
  keepGoodsCountInputSchema,
  keepGoodsDelInputSchema,
  keepGoodsListInputSchema,
} from '@mall/contract/favourites.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { FavouritesService } from './favourites.service.ts';

const READ = ['GET', 'POST'] as const;

export function favouritesRoutes(route: DefineRoute, favourites: FavouritesService): void {
  route({
    method: [...READ],
    url: '/api/keepGoods/list',
    output: pageSchema(keepGoodsSchema),
    input: keepGoodsListInputSchema,
    auth: 'user',
    handle: (ctx, page) => favourites.keepList(ctx, page),
  });
  route({
    method: 'POST',
    url: '/api/keepGoods/add',
    output: noDataSchema,
    input: keepGoodsAddInputSchema,
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
    input: keepGoodsDelInputSchema,
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
    input: keepGoodsCountInputSchema,
    auth: 'user',
    handle: (ctx) => favourites.keepCount(ctx),
  });
  route({
    method: [...READ],
    url: '/api/focus/seller/list',
    output: pageSchema(focusSellerSchema),
    input: focusSellerListInputSchema,
    auth: 'user',
    handle: (ctx, page) => favourites.followList(ctx, page),
  });
  route({
    method: 'POST',
    url: '/api/focus/seller/add',
    output: noDataSchema,
    input: focusSellerAddInputSchema,
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
    input: focusSellerDelInputSchema,
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
    input: focusSellerCountInputSchema,
    auth: 'user',
    handle: (ctx) => favourites.followCount(ctx),
  });
}
