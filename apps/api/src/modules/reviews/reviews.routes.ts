import { CATALOGUE_PAGE_SIZES, pageSchema, reviewCountsSchema, reviewSchema } from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput } from '../../core/http/text-inputs.ts';
import { idInput, optionalFlag, optionalId } from '../catalogue/index.ts';
import type { ReviewsService } from './reviews.service.ts';

const READ = ['GET', 'POST'] as const;

/** 1/2/3 or good/medium/bad; 0 or blank means every rating. */
const evaluationType = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined || v === 0 || v === '0') return undefined;
  if (v === 'good') return 1;
  if (v === 'medium') return 2;
  if (v === 'bad') return 3;
  return v;
}, intInput(1, 3).optional());

export function reviewsRoutes(route: DefineRoute, reviews: ReviewsService): void {
  route({
    method: [...READ],
    url: '/api/evaluation/list',
    output: pageSchema(reviewSchema),
    input: z.object({
      ...pageInput(CATALOGUE_PAGE_SIZES.reviews),
      sellerGoodsId: optionalId,
      sellerId: optionalId,
      evaluationType,
      hasImage: optionalFlag,
    }),
    handle: (_ctx, input) =>
      reviews.list({ ...input, evaluationType: input.evaluationType as 1 | 2 | 3 | undefined }),
  });
  route({
    method: [...READ],
    url: '/api/evaluation/type/count',
    output: reviewCountsSchema,
    input: z.object({ sellerGoodsId: idInput }),
    handle: (_ctx, { sellerGoodsId }) => reviews.typeCount(sellerGoodsId),
  });
}
