/** The chain rails' calls: a user's own deposit address; finance's approvals and payout views. */

import { chainNetworksSchema, ownDepositAddressSchema, payoutViewSchema } from '@mall/contract';
import {
  adminWalletWithdrawApproveInputSchema,
  adminWalletWithdrawPayoutsInputSchema,
  chainDepositAddressInputSchema,
  chainNetworksInputSchema,
} from '@mall/contract/chain.inputs';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { type ChainRails, EVM_NETWORK } from './chain-rails.ts';

const finance = { roles: ['finance', 'admin'] } as const;

export function chainRoutes(route: DefineRoute, rails: ChainRails | undefined): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/chain/networks',
    input: chainNetworksInputSchema,
    output: chainNetworksSchema,
    auth: 'user',
    // Which networks have a watcher here (the others stay on the manual proof flow).
    handle: () => ({ watched: rails ? [EVM_NETWORK] : [], confirmations: rails?.config.confirmations ?? 0 }),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/chain/deposit/address',
    input: chainDepositAddressInputSchema,
    output: ownDepositAddressSchema,
    auth: 'user',
    handle: async (ctx, { channel }) => {
      if (!rails) throw new AppError('CHANNEL_NOT_OPEN');
      return rails.depositAddress(ctx, channel);
    },
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/withdraw/approve',
    input: adminWalletWithdrawApproveInputSchema,
    output: payoutViewSchema.omit({ withdrawalId: true }),
    auth: finance,
    handle: async (ctx, input) => {
      if (!rails?.payouts) throw new AppError('CHANNEL_NOT_OPEN');
      return rails.payouts.approve(ctx, input.id);
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/wallet/withdraw/payouts',
    input: adminWalletWithdrawPayoutsInputSchema,
    output: z.array(payoutViewSchema),
    auth: finance,
    handle: async (_ctx, { ids }) => {
      const list = ids
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0 && s.length <= 26);
      if (!rails?.payouts) return list.map((withdrawalId) => ({ withdrawalId, status: 'manual' }));
      const views = await rails.payouts.view(list);
      return list.map((withdrawalId, i) => ({ withdrawalId, status: 'manual', ...views[i] }));
    },
  });
}
