import { pageSchema, reviewCountsSchema, reviewSchema } from '@mall/contract';
import { evaluationListInputSchema, evaluationTypeCountInputSchema } from '@mall/contract/reviews.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { ReviewsService } from './reviews.service.ts';

const READ = ['GET', 'POST'] as const;

export function reviewsRoutes(route: DefineRoute, reviews: ReviewsService): void {
  route({
    method: [...READ],
    url: '/api/evaluation/list',
    output: pageSchema(reviewSchema),
    input: evaluationListInputSchema,
    handle: (ctx, input) =>
      reviews.list({ ...input, evaluationType: input.evaluationType as 1 | 2 | 3 | undefined }, ctx.lang),
  });
  route({
    method: [...READ],
    url: '/api/evaluation/type/count',
    output: reviewCountsSchema,
    input: evaluationTypeCountInputSchema,
    handle: (_ctx, { sellerGoodsId }) => reviews.typeCount(sellerGoodsId),
  });
}
