/**
 * Finance's calls (console): review recharges and withdrawals, the ledger's health and balances.
 * Channels and hours: wallet.channel-routes.ts.
 */

import {
  adminWalletRecordSchema,
  formatMoney,
  ledgerAuditSchema,
  ledgerBalancesSchema,
  pageSchema,
  walletRecordSchema,
} from '@mall/contract';
import {
  adminLedgerAuditInputSchema,
  adminLedgerBalancesInputSchema,
  adminWalletRechargeApproveInputSchema,
  adminWalletRechargeListInputSchema,
  adminWalletRechargeRejectInputSchema,
  adminWalletWithdrawListInputSchema,
  adminWalletWithdrawPaidInputSchema,
  adminWalletWithdrawRejectInputSchema,
} from '@mall/contract/wallet.inputs';
import type { Executor } from '../../core/db/database.ts';
import { offsetOf, pageOf } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import { userOfReference, withPeople } from './deposit-reference.ts';
import type { RechargeService } from './recharge.service.ts';
import { rechargeRecordDto, withdrawalRecordDto } from './wallet.dto.ts';
import type { WalletService } from './wallet.service.ts';
import type { WithdrawService } from './withdraw.service.ts';

const finance = { roles: ['finance', 'admin'] } as const;
export function walletAdminRoutes(
  route: DefineRoute,
  db: Executor,
  wallet: WalletService,
  recharges: RechargeService,
  withdrawals: WithdrawService,
  ledger: LedgerService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/wallet/recharge/list',
    output: pageSchema(adminWalletRecordSchema),
    input: adminWalletRechargeListInputSchema,
    auth: finance,
    handle: async (ctx, { pageNum, pageSize, ...asked }) => {
      const filter = await byReference(db, ctx.brand.key, asked);
      const { rows, total } = await wallet.repository.listRecharges(
        db,
        { ...(await wallet.reviewFilter(ctx.brand.key, filter)), kinds: ['chain', 'bank'] },
        pageSize,
        offsetOf({ pageNum, pageSize }),
      );
      return pageOf(
        await withPeople(
          db,
          rows.map((r) => ({ ...rechargeRecordDto(r), userId: r.userId })),
        ),
        total,
        { pageNum, pageSize },
      );
    },
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/recharge/approve',
    output: walletRecordSchema,
    input: adminWalletRechargeApproveInputSchema,
    auth: finance,
    handle: (ctx, { id, amountReceived, remark }) => recharges.approve(ctx, id, amountReceived, remark),
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/recharge/reject',
    output: walletRecordSchema,
    input: adminWalletRechargeRejectInputSchema,
    auth: finance,
    handle: (ctx, { id, remark }) => recharges.reject(ctx, id, remark),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/wallet/withdraw/list',
    output: pageSchema(adminWalletRecordSchema),
    input: adminWalletWithdrawListInputSchema,
    auth: finance,
    handle: async (ctx, { pageNum, pageSize, ...asked }) => {
      const filter = await byReference(db, ctx.brand.key, asked);
      const { rows, total } = await wallet.repository.listWithdrawals(
        db,
        await wallet.reviewFilter(ctx.brand.key, filter),
        pageSize,
        offsetOf({ pageNum, pageSize }),
      );
      return pageOf(
        await withPeople(
          db,
          rows.map((w) => ({ ...withdrawalRecordDto(w), userId: w.userId })),
        ),
        total,
        { pageNum, pageSize },
      );
    },
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/withdraw/paid',
    output: walletRecordSchema,
    input: adminWalletWithdrawPaidInputSchema,
    auth: finance,
    handle: (ctx, { id, txHash, remark }) => withdrawals.markPaid(ctx, id, txHash, remark?.trim() || null),
  });

  route({
    method: ['POST'],
    url: '/api/admin/wallet/withdraw/reject',
    output: walletRecordSchema,
    input: adminWalletWithdrawRejectInputSchema,
    auth: finance,
    handle: (ctx, { id, remark }) => withdrawals.reject(ctx, id, remark),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/ledger/audit',
    output: ledgerAuditSchema,
    input: adminLedgerAuditInputSchema,
    auth: finance,
    handle: async () => {
      const report = await ledger.audit(db);
      return {
        ok: report.ok,
        sums: report.sums.map((s) => ({ currency: s.currency, total: formatMoney(s.total) })),
        inconsistentAccounts: report.inconsistentAccounts.map((a) => ({
          id: a.id,
          balance: formatMoney(a.balance),
          fromTransfers: formatMoney(a.fromTransfers),
          held: formatMoney(a.pendingOut),
          heldByTransfers: formatMoney(a.heldByTransfers),
        })),
        malformedTransfers: report.malformedTransfers,
      };
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/ledger/balances',
    output: ledgerBalancesSchema,
    input: adminLedgerBalancesInputSchema,
    auth: finance,
    handle: async (_ctx, { pageNum, pageSize, kind }) => {
      const platform = await Promise.all(
        (['fees', 'commission', 'interest'] as const).map(async (name) => {
          const b = await ledger.balanceOf(db, ledgerAccounts.platform(name));
          return { account: name, balance: formatMoney(b.balance) };
        }),
      );
      const byKind = await ledger.totalsByKind(db);
      const { rows, total } = await ledger.accounts(
        db,
        kind ?? null,
        pageSize,
        offsetOf({ pageNum, pageSize }),
      );
      return {
        platform,
        byKind: byKind.map((k) => ({
          kind: k.kind,
          total: formatMoney(k.total),
          held: formatMoney(k.held),
        })),
        // Largest first: where the money sits.
        accounts: pageOf(
          rows.map((a) => ({
            id: a.id,
            kind: a.kind,
            ownerId: a.ownerId,
            currency: a.currency,
            balance: formatMoney(a.balance),
            held: formatMoney(a.pendingOut),
          })),
          total,
          { pageNum, pageSize },
        ),
      };
    },
  });
}

/** A keyword that is a deposit reference (`D-<usercode>`) finds that user's records (issue 26). */
async function byReference<F extends { keyword?: string | undefined; userId?: string | undefined }>(
  db: Executor,
  brand: string,
  filter: F,
): Promise<F> {
  const userId = await userOfReference(db, brand, filter.keyword);
  return userId ? { ...filter, keyword: undefined, userId } : filter;
}
