/**
 * The statement's calls: a user's own wallet (GET /api/wallet/statement), and a staff member's
 * view of a user of the same brand (GET /api/admin/user/statement?userId=…). Both answer the
 * contract's `statementSchema`.
 */

import { STAFF_ROLES } from '@mall/contract';
import { statementSchema } from '@mall/contract/schemas/statement';
import {
  adminUserStatementInputSchema,
  adminWalletDustSweepInputSchema,
  walletStatementInputSchema,
} from '@mall/contract/statement.inputs';
import { z } from 'zod';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AccountsService } from '../accounts/index.ts';
import { type DustSweepResult, sweepDust } from './dust-sweep.ts';
import type { StatementService } from './statement.service.ts';

export function statementRoutes(
  route: DefineRoute,
  statements: StatementService,
  accounts: AccountsService,
  sweep: Parameters<typeof sweepDust>[0],
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/wallet/statement',
    input: walletStatementInputSchema,
    output: statementSchema,
    auth: 'user',
    handle: (ctx, query) => statements.statement(actorOf(ctx).userId, query),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/statement',
    input: adminUserStatementInputSchema,
    output: statementSchema,
    auth: { roles: STAFF_ROLES },
    handle: async (ctx, { userId, ...query }) => {
      // Another brand's user, or no such user, is not found (adminGet checks).
      const user = await accounts.adminGet(ctx, userId);
      return statements.statement(user.id, query);
    },
  });

  // The operator's dust sweep (dust-sweep.ts): each wallet's part below one micro-USDT to fees.
  route({
    method: ['POST'],
    url: '/api/admin/wallet/dust-sweep',
    input: adminWalletDustSweepInputSchema,
    output: z.object({ wallets: z.number(), total: z.string(), skipped: z.number() }),
    auth: { roles: ['admin', 'finance'] },
    handle: (ctx): Promise<DustSweepResult> => sweepDust(sweep, ctx.brand.key, actorOf(ctx).userId),
  });
}
