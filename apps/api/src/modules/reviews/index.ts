/** Reviews of goods (`/api/evaluation/...`), their figures for the catalogue, and addReview for orders. */
export { type NewReviewRow, ReviewsRepository } from './reviews.repository.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { maskName, type NewReview, ReviewRatings, ReviewsService } from './reviews.service.ts';
