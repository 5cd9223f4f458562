/** The seller's settlement history and reviews (`/api/admin/seller/...`, role `seller`, own store only). */
import {
  pageSchema,
  SELLER_REVIEW_SORTS,
  SETTLEMENT_SORTS,
  sellerReviewSchema,
  settlementsPageSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput, sortOrder } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput } from '../../core/http/text-inputs.ts';
import { reviews, type SellerReportDeps, settlements } from './seller-reports.ts';

const seller = { roles: ['seller'] } as const;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export function sellerReportRoutes(route: DefineRoute, d: SellerReportDeps): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/settlements',
    output: settlementsPageSchema,
    input: z.object({
      ...pageInput(20),
      /** By settlement time (default), order time or gross amount, newest or largest first unless `order=asc`. */
      sort: z.enum(SETTLEMENT_SORTS).default('settleTime'),
      order: sortOrder(),
    }),
    auth: seller,
    handle: (ctx, page) => settlements(d, ctx, page),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/seller/reviews',
    output: pageSchema(sellerReviewSchema),
    input: z.object({
      ...pageInput(20),
      evaluationType: z.preprocess(blank, intInput(1, 3).optional()) as z.ZodType<1 | 2 | 3 | undefined>,
      hasImage: z.preprocess(
        (v) => (v === '1' || v === 'true' || v === true ? true : v === '' || v === null ? undefined : false),
        z.boolean().optional(),
      ),
      /** By time (default) or rating, newest or best first unless `order=asc`. */
      sort: z.enum(SELLER_REVIEW_SORTS).default('time'),
      order: sortOrder(),
    }),
    auth: seller,
    handle: (ctx, query) => reviews(d, ctx, query),
  });
}
