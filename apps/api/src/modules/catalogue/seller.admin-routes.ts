/**
 * The seller's store and goods (`/api/admin/seller/...`, role `seller`): thin routes over
 * SellerCatalogueService. Inputs are parsed here; a bad value is a catalogue error and nothing runs.
 */

import {
  goodsDeletedSchema,
  pageSchema,
  sellerGoodsDetailSchema,
  sellerGoodsRowSchema,
  sellerStoreSchema,
} from '@mall/contract';
import {
  adminSellerGoodsCreateInputSchema,
  adminSellerGoodsDeleteInputSchema,
  adminSellerGoodsInfoInputSchema,
  adminSellerGoodsListInputSchema,
  adminSellerGoodsShelfInputSchema,
  adminSellerGoodsStockInputSchema,
  adminSellerGoodsUpdateInputSchema,
  adminSellerStoreInputSchema,
  adminSellerStoreUpdateInputSchema,
} from '@mall/contract/catalogue.inputs';
import type { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { GoodsInput, SellerCatalogueService } from './seller.service.ts';

const seller = { roles: ['seller'] } as const;

function toGoodsInput(v: z.output<typeof adminSellerGoodsCreateInputSchema>): GoodsInput {
  return {
    ...v,
    specs: v.specs.map((s) => ({ attrId: s.attrId, name: s.name, price: s.price, stock: s.stock })),
  };
}

export function sellerCatalogueRoutes(route: DefineRoute, service: SellerCatalogueService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/store',
    output: sellerStoreSchema,
    input: adminSellerStoreInputSchema,
    auth: seller,
    handle: (ctx) => service.store(ctx),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/store/update',
    output: sellerStoreSchema,
    input: adminSellerStoreUpdateInputSchema,
    auth: seller,
    handle: (ctx, input) => service.updateStore(ctx, input),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/goods/list',
    output: pageSchema(sellerGoodsRowSchema),
    input: adminSellerGoodsListInputSchema,
    auth: seller,
    handle: (ctx, query) => service.goodsList(ctx, query),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/goods/info',
    output: sellerGoodsDetailSchema,
    input: adminSellerGoodsInfoInputSchema,
    auth: seller,
    handle: (ctx, { sellerGoodsId }) => service.goodsDetail(ctx, sellerGoodsId),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/create',
    output: sellerGoodsDetailSchema,
    input: adminSellerGoodsCreateInputSchema,
    auth: seller,
    handle: (ctx, input) => service.createGoods(ctx, toGoodsInput(input)),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/update',
    output: sellerGoodsDetailSchema,
    input: adminSellerGoodsUpdateInputSchema,
    auth: seller,
    handle: (ctx, { sellerGoodsId, ...input }) =>
      service.updateGoods(ctx, sellerGoodsId, toGoodsInput(input)),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/stock',
    output: sellerGoodsDetailSchema,
    input: adminSellerGoodsStockInputSchema,
    auth: seller,
    handle: (ctx, { sellerGoodsId, change, attrId }) =>
      service.changeStock(ctx, sellerGoodsId, change, attrId),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/shelf',
    output: sellerGoodsDetailSchema,
    input: adminSellerGoodsShelfInputSchema,
    auth: seller,
    handle: (ctx, { sellerGoodsId, onShelf }) => service.setShelf(ctx, sellerGoodsId, onShelf),
  });

  route({
    method: ['POST'],
    url: '/api/admin/seller/goods/delete',
    output: goodsDeletedSchema,
    input: adminSellerGoodsDeleteInputSchema,
    auth: seller,
    handle: async (ctx, { sellerGoodsId }) => {
      await service.deleteGoods(ctx, sellerGoodsId);
      return { deleted: true };
    },
  });
}
