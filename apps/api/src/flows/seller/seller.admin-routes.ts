/** The seller's settlement history and reviews (`/api/admin/seller/...`, role `seller`, own store only). */

import { pageSchema, sellerReviewSchema, settlementsPageSchema } from '@mall/contract';
import {
  adminSellerReviewsInputSchema,
  adminSellerSettlementsInputSchema,
} from '@mall/contract/seller.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import { reviews, type SellerReportDeps, settlements } from './seller-reports.ts';

const seller = { roles: ['seller'] } as const;

export function sellerReportRoutes(route: DefineRoute, d: SellerReportDeps): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/settlements',
    output: settlementsPageSchema,
    input: adminSellerSettlementsInputSchema,
    auth: seller,
    handle: (ctx, page) => settlements(d, ctx, page),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/reviews',
    output: pageSchema(sellerReviewSchema),
    input: adminSellerReviewsInputSchema,
    auth: seller,
    handle: (ctx, query) => reviews(d, ctx, query),
  });
}
