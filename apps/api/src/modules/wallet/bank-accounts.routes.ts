/**
 * Bank-card deposit accounts (bank-accounts.ts): the user's view with their deposit reference, and
 * finance's list, save and delete.
 */

import {
  type BankDepositInfoDto,
  bankDepositInfoSchema,
  bankReceivingAccountSchema,
  noDataSchema,
} from '@mall/contract';
import {
  adminWalletBankAccountsDeleteInputSchema,
  adminWalletBankAccountsListInputSchema,
  adminWalletBankAccountsSaveInputSchema,
  bankRechargeAccountsInputSchema,
} from '@mall/contract/wallet.inputs';
import { z } from 'zod';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { peopleOf } from '../accounts/index.ts';
import type { BankAccountsService } from './bank-accounts.ts';
import { depositReference } from './deposit-reference.ts';

const finance = { roles: ['finance', 'admin'] } as const;

export function bankAccountRoutes(route: DefineRoute, db: Executor, accounts: BankAccountsService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/bankRecharge/accounts',
    input: bankRechargeAccountsInputSchema,
    output: bankDepositInfoSchema,
    auth: 'user',
    handle: async (ctx): Promise<BankDepositInfoDto> => {
      const user = (await peopleOf(db, [actorOf(ctx).userId])).get(actorOf(ctx).userId);
      if (!user) throw new AppError('USER_LOCKED');
      return {
        accounts: await accounts.list(ctx.brand.key, true),
        reference: depositReference(user.usercode),
      };
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/wallet/bank-accounts/list',
    input: adminWalletBankAccountsListInputSchema,
    output: z.array(bankReceivingAccountSchema),
    auth: finance,
    handle: (ctx) => accounts.list(ctx.brand.key, false),
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/bank-accounts/save',
    input: adminWalletBankAccountsSaveInputSchema,
    output: bankReceivingAccountSchema,
    auth: finance,
    handle: (ctx, input) => accounts.save(ctx, input),
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/bank-accounts/delete',
    input: adminWalletBankAccountsDeleteInputSchema,
    output: noDataSchema,
    auth: finance,
    handle: async (ctx, { id }) => {
      await accounts.remove(ctx, id);
      return null;
    },
  });
}
