/**
 * Input schemas of the seller calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { SELLER_REVIEW_SORTS, SETTLEMENT_SORTS } from './seller.ts';
import { intInput } from './text.inputs.ts';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** /api/admin/seller/settlements */
export const adminSellerSettlementsInputSchema = z.object({
  ...pageInput(20),
  /** By settlement time (default), order time or gross amount, newest or largest first unless `order=asc`. */
  sort: z.enum(SETTLEMENT_SORTS).default('settleTime'),
  order: sortOrder(),
});

/** /api/admin/seller/reviews */
export const adminSellerReviewsInputSchema = z.object({
  ...pageInput(20),
  evaluationType: z.preprocess(blank, intInput(1, 3).optional()) as z.ZodType<1 | 2 | 3 | undefined>,
  hasImage: z.preprocess(
    (v) => (v === '1' || v === 'true' || v === true ? true : v === '' || v === null ? undefined : false),
    z.boolean().optional(),
  ),
  /** By time (default) or rating, newest or best first unless `order=asc`. */
  sort: z.enum(SELLER_REVIEW_SORTS).default('time'),
  order: sortOrder(),
});
