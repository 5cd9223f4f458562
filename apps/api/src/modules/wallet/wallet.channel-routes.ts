/**
 * Finance's set-up calls (console): the ways money comes in and goes out (rates, limits, fees,
 * deposit addresses, on/off) and the hours withdrawals are taken. Each change is audited with the
 * values before and after.
 */

import { adminChannelSchema, withdrawHoursSchema } from '@mall/contract';
import {
  adminWalletChannelsInputSchema,
  adminWalletChannelUpdateInputSchema,
  adminWalletHoursInputSchema,
  adminWalletHoursUpdateInputSchema,
} from '@mall/contract/wallet.inputs';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AuditService } from '../audit/index.ts';
import type { ParamsService } from '../params/index.ts';
import { normalizeAddress } from './chain-address.ts';
import { channelDto } from './wallet.dto.ts';
import type { WalletService } from './wallet.service.ts';
import type { ChannelRow } from './wallet-channels.ts';

const finance = { roles: ['finance', 'admin'] } as const;

const adminChannel = (c: ChannelRow) => ({ ...channelDto(c), depositAddress: c.depositAddress });

export function walletChannelRoutes(
  route: DefineRoute,
  wallet: WalletService,
  params: ParamsService,
  audit: AuditService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/wallet/channels',
    output: z.array(adminChannelSchema),
    input: adminWalletChannelsInputSchema,
    auth: finance,
    handle: async (ctx) => (await wallet.channels(ctx.brand.key)).map(adminChannel),
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/channel/update',
    output: adminChannelSchema,
    input: adminWalletChannelUpdateInputSchema,
    auth: finance,
    handle: async (ctx, input) => {
      const current = await wallet.channel(ctx.brand.key, input.code);
      const next: ChannelRow = {
        ...current,
        ...(input.rate !== undefined ? { rate: input.rate } : {}),
        ...(input.rechargeEnabled !== undefined ? { rechargeEnabled: input.rechargeEnabled } : {}),
        ...(input.withdrawEnabled !== undefined ? { withdrawEnabled: input.withdrawEnabled } : {}),
        ...(input.rechargeMin !== undefined ? { rechargeMin: input.rechargeMin } : {}),
        ...(input.rechargeMax !== undefined ? { rechargeMax: input.rechargeMax } : {}),
        ...(input.withdrawMin !== undefined ? { withdrawMin: input.withdrawMin } : {}),
        ...(input.withdrawMax !== undefined ? { withdrawMax: input.withdrawMax } : {}),
        ...(input.withdrawFeeFixed !== undefined ? { withdrawFeeFixed: input.withdrawFeeFixed } : {}),
        ...(input.withdrawFeeRateBp !== undefined ? { withdrawFeeBp: input.withdrawFeeRateBp } : {}),
      };
      if (input.depositAddress !== undefined) {
        if (!current.network) throw new AppError('PARAMETER_ERROR', { field: 'depositAddress' });
        const address = normalizeAddress(current.network, input.depositAddress);
        if (!address) throw new AppError('WITHDRAW_ADDRESS_FORMAT');
        next.depositAddress = address;
      }
      if (next.rate <= 0n) throw new AppError('PARAMETER_ERROR', { field: 'rate' });
      if (next.rechargeMin > next.rechargeMax)
        throw new AppError('PARAMETER_ERROR', { field: 'rechargeMax' });
      if (next.withdrawMin > next.withdrawMax)
        throw new AppError('PARAMETER_ERROR', { field: 'withdrawMax' });
      // Not in one transaction with the entry: the change announces itself on the bus, and another
      // request must not reload the old row before it commits.
      await wallet.updateChannel(next);
      await audit.record(null, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'wallet.channel.update',
        targetType: 'wallet_channel',
        targetId: next.code,
        before: adminChannel(current),
        after: adminChannel(next),
      });
      return adminChannel(next);
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/wallet/hours',
    output: withdrawHoursSchema,
    input: adminWalletHoursInputSchema,
    auth: finance,
    handle: async (ctx) => {
      const values = await params.all(ctx.brand);
      return { openTime: values.withdraw_open_time, closeTime: values.withdraw_close_time };
    },
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/hours/update',
    output: withdrawHoursSchema,
    input: adminWalletHoursUpdateInputSchema,
    auth: finance,
    handle: async (ctx, { openTime, closeTime }) => {
      const values = await params.all(ctx.brand);
      const before = { openTime: values.withdraw_open_time, closeTime: values.withdraw_close_time };
      // 24:00 opens nothing; a close before the open runs past midnight (withdraw.service.ts).
      if (openTime === '24:00' || openTime === closeTime) {
        throw new AppError('PARAMETER_ERROR', { field: 'openTime' });
      }
      await params.set(ctx.brand, 'withdraw_open_time', openTime);
      await params.set(ctx.brand, 'withdraw_close_time', closeTime);
      await audit.record(null, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'wallet.hours.update',
        targetType: 'params',
        targetId: 'withdraw_hours',
        before,
        after: { openTime, closeTime },
      });
      return { openTime, closeTime };
    },
  });
}
