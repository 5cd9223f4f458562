import { noDataSchema } from '@mall/contract';
import { subscribeAddInputSchema } from '@mall/contract/subscription.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { SubscriptionService } from './subscription.service.ts';

export function subscriptionRoutes(route: DefineRoute, subscriptions: SubscriptionService): void {
  route({
    method: 'POST',
    url: '/api/subscribe!add.action',
    output: noDataSchema,
    input: subscribeAddInputSchema,
    handle: async (ctx, { email }) => {
      await subscriptions.subscribe(ctx, email);
      return null;
    },
  });
}
