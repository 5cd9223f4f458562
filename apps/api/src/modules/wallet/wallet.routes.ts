/** The wallet's calls at their SPEC §7 paths (buyers and sellers, signed in). */
import {
  boundAddressSchema,
  CHAIN_NETWORKS,
  chainRechargeOpenSchema,
  depositInfoSchema,
  gatewayCheckoutSchema,
  gatewayNotificationAckSchema,
  PAGE_SIZES,
  pageSchema,
  rechargeFeeSchema,
  walletBalanceSchema,
  walletChannelSchema,
  walletRecordSchema,
  withdrawFeeSchema,
  withdrawFormTokenSchema,
  withdrawOpenSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { RechargeService } from './recharge.service.ts';
import { channelDto } from './wallet.dto.ts';
import type { WalletService } from './wallet.service.ts';
import { GATEWAY_VARIANTS } from './wallet-channels.ts';
import type { WithdrawService } from './withdraw.service.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
/**
 * Amounts stay as sent until parsed exactly (decimal strings); a JSON number is accepted only as a
 * safe integer, since a float has already lost its exactness on the way.
 */
const amount = z.union([z.string().max(40), z.number()]);
const both = ['GET', 'POST'] as const;

export function walletRoutes(
  route: DefineRoute,
  wallet: WalletService,
  recharges: RechargeService,
  withdrawals: WithdrawService,
  /** False in production: the sandbox gateway's notification route does not exist there. */
  sandboxGateway = true,
): void {
  route({
    method: [...both],
    url: '/api/wallet/usdt',
    input: z.object({}),
    output: walletBalanceSchema,
    auth: 'user',
    handle: (ctx) => wallet.balance(actorOf(ctx).userId),
  });

  route({
    method: [...both],
    url: '/api/channel/list',
    input: z.object({ kind: z.enum(['chain', 'bank', 'gateway']).optional() }),
    output: z.array(walletChannelSchema),
    auth: 'user',
    handle: async (ctx, { kind }) =>
      (await wallet.channels(ctx.brand.key))
        .filter((c) => c.rechargeEnabled && (kind === undefined || c.kind === kind))
        .map(channelDto),
  });

  // --- blockchain recharge -------------------------------------------------------------------------

  route({
    method: [...both],
    url: '/api/rechargeBlockchain/recharge/open',
    input: z.object({}),
    output: chainRechargeOpenSchema,
    auth: 'user',
    handle: async (ctx) => {
      const chains = (await wallet.channels(ctx.brand.key)).filter(
        (c) => c.kind === 'chain' && c.rechargeEnabled,
      );
      return { open: chains.length > 0, channels: chains.map(channelDto) };
    },
  });

  route({
    method: [...both],
    url: '/api/rechargeBlockchain!get.action',
    input: z.object({ channel: z.string().trim().max(32).default('') }),
    output: depositInfoSchema,
    auth: 'user',
    handle: (ctx, { channel }) => wallet.depositInfo(ctx.brand.key, channel),
  });

  route({
    method: [...both],
    url: '/api/rechargeBlockchain/fee',
    input: z.object({ symbol: text(32) }),
    output: rechargeFeeSchema,
    auth: 'user',
    // Deposits cost the user nothing here; the rate converts the coin to USDT.
    handle: async (ctx, { symbol }) => {
      const c = await wallet.channel(ctx.brand.key, symbol);
      return { symbol: c.code, coin: c.coin, fee: '0', rate: channelDto(c).rate };
    },
  });

  route({
    method: ['POST'],
    url: '/api/rechargeBlockchain/recharge',
    input: z.object({
      channel: z.string().trim().max(32).default(''),
      amount,
      txHash: text(100),
      proof: text(300),
    }),
    output: walletRecordSchema,
    auth: 'user',
    handle: (ctx, input) => recharges.submitChain(ctx, input),
  });

  route({
    method: [...both],
    url: '/api/rechargeBlockchain/list',
    input: z.object({
      ...pageInput(PAGE_SIZES.rechargeRecords),
      type: z.enum(['recharge', 'bank']).optional(),
    }),
    output: pageSchema(walletRecordSchema),
    auth: 'user',
    handle: (ctx, { pageNum, pageSize, type }) =>
      wallet.rechargeRecords(
        actorOf(ctx).userId,
        type === 'bank' ? ['bank'] : type === 'recharge' ? ['chain', 'gateway'] : undefined,
        { pageNum, pageSize },
      ),
  });

  route({
    method: ['POST'],
    url: '/api/rechargeBank/recharge',
    input: z.object({
      channel: text(32).default('BANK'),
      amount,
      bankName: z.string().max(200),
      cardNumber: z.string().max(40),
      proof: text(300),
    }),
    output: walletRecordSchema,
    auth: 'user',
    handle: (ctx, input) => recharges.submitBank(ctx, input),
  });

  // --- payment gateways ----------------------------------------------------------------------------

  route({
    method: [...both],
    url: '/api/thirdPartyRecharge!getCoinList.action',
    input: z.object({}),
    output: z.array(walletChannelSchema),
    auth: 'user',
    handle: async (ctx) =>
      (await wallet.channels(ctx.brand.key))
        .filter((c) => c.kind === 'gateway' && c.rechargeEnabled)
        .map(channelDto),
  });

  route({
    method: ['POST'],
    url: '/api/thirdPartyRecharge!recharge.action',
    input: z.object({ channel: z.string().trim().max(32).default(''), amount }),
    output: gatewayCheckoutSchema,
    auth: 'user',
    handle: (ctx, { channel, amount: a }) => recharges.startGatewayPayment(ctx, channel, a),
  });

  for (const [variant, channel] of Object.entries(GATEWAY_VARIANTS)) {
    route({
      method: ['POST'],
      url: `/api/thirdPartyRecharge!${variant}.action`,
      input: z.object({ amount }),
      output: gatewayCheckoutSchema,
      auth: 'user',
      handle: (ctx, { amount: a }) => recharges.startGatewayPayment(ctx, channel, a),
    });
  }

  if (sandboxGateway)
    route({
      method: ['POST'],
      url: '/api/thirdPartyRecharge/notify/sandbox',
      input: z.object({
        paymentId: text(40),
        gatewayRef: text(64),
        status: z.enum(['paid', 'failed']),
        amount: text(40),
        coin: text(8),
        signature: text(128),
      }),
      output: gatewayNotificationAckSchema,
      handle: (_ctx, { signature, ...notification }) => recharges.handleNotification(notification, signature),
    });

  // --- withdrawal ----------------------------------------------------------------------------------

  route({
    method: ['POST'],
    url: '/api/user!bindWithdrawAddress.action',
    input: z.object({
      network: z.enum(CHAIN_NETWORKS as [string, ...string[]]),
      address: text(100),
      fundPassword: z.string().max(64),
    }),
    output: boundAddressSchema,
    auth: 'user',
    handle: (ctx, { network, address, fundPassword }) =>
      withdrawals.bindAddress(ctx, network as (typeof CHAIN_NETWORKS)[number], address, fundPassword),
  });

  route({
    method: [...both],
    url: '/api/withdraw/open',
    input: z.object({}),
    output: withdrawOpenSchema,
    auth: 'user',
    handle: (ctx) => withdrawals.open(ctx),
  });

  route({
    method: [...both],
    url: '/api/withdraw!get.action',
    input: z.object({}),
    output: withdrawFormTokenSchema,
    auth: 'user',
    handle: (ctx) => withdrawals.formToken(ctx),
  });

  route({
    method: [...both],
    url: '/api/withdraw/fee',
    input: z.object({ channel: text(32), amount: amount.optional() }),
    output: withdrawFeeSchema,
    auth: 'user',
    handle: (ctx, { channel, amount: a }) => withdrawals.fee(ctx, channel, a),
  });

  route({
    method: ['POST'],
    url: '/api/withdraw/apply',
    input: z.object({
      token: text(100),
      channel: text(32),
      amount,
      fundPassword: z.string().max(64),
    }),
    output: walletRecordSchema,
    auth: 'user',
    handle: (ctx, input) => withdrawals.apply(ctx, input),
  });

  route({
    method: [...both],
    url: '/api/withdraw/list',
    input: z.object(pageInput(PAGE_SIZES.withdrawRecords)),
    output: pageSchema(walletRecordSchema),
    auth: 'user',
    handle: (ctx, page) => wallet.withdrawRecords(actorOf(ctx).userId, page),
  });
}
