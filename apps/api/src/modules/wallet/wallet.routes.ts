/** The wallet's calls at their SPEC §7 paths (buyers and sellers, signed in). */

import {
  boundAddressSchema,
  type CHAIN_NETWORKS,
  chainRechargeOpenSchema,
  depositInfoSchema,
  gatewayCheckoutSchema,
  gatewayNotificationAckSchema,
  pageSchema,
  rechargeFeeSchema,
  walletBalanceSchema,
  walletChannelSchema,
  walletRecordSchema,
  withdrawFeeSchema,
  withdrawFormTokenSchema,
  withdrawOpenSchema,
} from '@mall/contract';
import {
  channelListInputSchema,
  rechargeBankRechargeInputSchema,
  rechargeBlockchainFeeInputSchema,
  rechargeBlockchainGetInputSchema,
  rechargeBlockchainListInputSchema,
  rechargeBlockchainRechargeInputSchema,
  rechargeBlockchainRechargeOpenInputSchema,
  thirdPartyRechargeGatewayInputSchema,
  thirdPartyRechargeGetCoinListInputSchema,
  thirdPartyRechargeNotifySandboxInputSchema,
  thirdPartyRechargeRechargeInputSchema,
  userBindWithdrawAddressInputSchema,
  walletUsdtInputSchema,
  withdrawApplyInputSchema,
  withdrawFeeInputSchema,
  withdrawGetInputSchema,
  withdrawListInputSchema,
  withdrawOpenInputSchema,
} from '@mall/contract/wallet.inputs';
import { z } from 'zod';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { RechargeService } from './recharge.service.ts';
import { channelDto } from './wallet.dto.ts';
import type { WalletService } from './wallet.service.ts';
import { GATEWAY_VARIANTS } from './wallet-channels.ts';
import type { WithdrawService } from './withdraw.service.ts';

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
    input: walletUsdtInputSchema,
    output: walletBalanceSchema,
    auth: 'user',
    handle: (ctx) => wallet.balance(actorOf(ctx).userId),
  });

  route({
    method: [...both],
    url: '/api/channel/list',
    input: channelListInputSchema,
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
    input: rechargeBlockchainRechargeOpenInputSchema,
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
    input: rechargeBlockchainGetInputSchema,
    output: depositInfoSchema,
    auth: 'user',
    handle: (ctx, { channel }) => wallet.depositInfo(ctx.brand.key, channel),
  });

  route({
    method: [...both],
    url: '/api/rechargeBlockchain/fee',
    input: rechargeBlockchainFeeInputSchema,
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
    input: rechargeBlockchainRechargeInputSchema,
    output: walletRecordSchema,
    auth: 'user',
    handle: (ctx, input) => recharges.submitChain(ctx, input),
  });

  route({
    method: [...both],
    url: '/api/rechargeBlockchain/list',
    input: rechargeBlockchainListInputSchema,
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
    input: rechargeBankRechargeInputSchema,
    output: walletRecordSchema,
    auth: 'user',
    handle: (ctx, input) => recharges.submitBank(ctx, input),
  });

  // --- payment gateways ----------------------------------------------------------------------------

  route({
    method: [...both],
    url: '/api/thirdPartyRecharge!getCoinList.action',
    input: thirdPartyRechargeGetCoinListInputSchema,
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
    input: thirdPartyRechargeRechargeInputSchema,
    output: gatewayCheckoutSchema,
    auth: 'user',
    handle: (ctx, { channel, amount: a }) => recharges.startGatewayPayment(ctx, channel, a),
  });

  for (const [variant, channel] of Object.entries(GATEWAY_VARIANTS)) {
    route({
      method: ['POST'],
      url: `/api/thirdPartyRecharge!${variant}.action`,
      input: thirdPartyRechargeGatewayInputSchema,
      output: gatewayCheckoutSchema,
      auth: 'user',
      handle: (ctx, { amount: a }) => recharges.startGatewayPayment(ctx, channel, a),
    });
  }

  if (sandboxGateway)
    route({
      method: ['POST'],
      url: '/api/thirdPartyRecharge/notify/sandbox',
      input: thirdPartyRechargeNotifySandboxInputSchema,
      output: gatewayNotificationAckSchema,
      handle: (_ctx, { signature, ...notification }) => recharges.handleNotification(notification, signature),
    });

  // --- withdrawal ----------------------------------------------------------------------------------

  route({
    method: ['POST'],
    url: '/api/user!bindWithdrawAddress.action',
    input: userBindWithdrawAddressInputSchema,
    output: boundAddressSchema,
    auth: 'user',
    handle: (ctx, { network, address, fundPassword }) =>
      withdrawals.bindAddress(ctx, network as (typeof CHAIN_NETWORKS)[number], address, fundPassword),
  });

  route({
    method: [...both],
    url: '/api/withdraw/open',
    input: withdrawOpenInputSchema,
    output: withdrawOpenSchema,
    auth: 'user',
    handle: (ctx) => withdrawals.open(ctx),
  });

  route({
    method: [...both],
    url: '/api/withdraw!get.action',
    input: withdrawGetInputSchema,
    output: withdrawFormTokenSchema,
    auth: 'user',
    handle: (ctx) => withdrawals.formToken(ctx),
  });

  route({
    method: [...both],
    url: '/api/withdraw/fee',
    input: withdrawFeeInputSchema,
    output: withdrawFeeSchema,
    auth: 'user',
    handle: (ctx, { channel, amount: a }) => withdrawals.fee(ctx, channel, a),
  });

  route({
    method: ['POST'],
    url: '/api/withdraw/apply',
    input: withdrawApplyInputSchema,
    output: walletRecordSchema,
    auth: 'user',
    handle: (ctx, input) => withdrawals.apply(ctx, input),
  });

  route({
    method: [...both],
    url: '/api/withdraw/list',
    input: withdrawListInputSchema,
    output: pageSchema(walletRecordSchema),
    auth: 'user',
    handle: (ctx, page) => wallet.withdrawRecords(actorOf(ctx).userId, page),
  });
}
