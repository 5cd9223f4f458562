import { noDataSchema } from '@mall/contract';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { SubscriptionService } from './subscription.service.ts';

const input = z.object({ email: z.string().min(1).max(256) });

export function subscriptionRoutes(route: DefineRoute, subscriptions: SubscriptionService): void {
  route({
    method: 'POST',
    url: '/api/subscribe!add.action',
    output: noDataSchema,
    input,
    handle: async (ctx, { email }) => {
      await subscriptions.subscribe(ctx, email);
      return null;
    },
  });
}
