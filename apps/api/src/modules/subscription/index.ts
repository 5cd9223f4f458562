/** Coupon e-mail subscriptions (`/api/subscribe!add.action`). */
export { SubscriptionRepository } from './subscription.repository.ts';
export { subscriptionRoutes } from './subscription.routes.ts';
export { SubscriptionService } from './subscription.service.ts';
