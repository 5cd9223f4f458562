/**
 * Finance's side of chain payouts: approvals (two different operators above the brand's
 * `withdraw_dual_approval_over`, one below), what finance sees of each payout (status, hashes,
 * explorer link, approvals), and the guard that stops a hand resolving what the chain is paying.
 */

import { BRANDS, parseMoney } from '@mall/contract';
import { type ChainExplorers, explorerLink } from '../../config/chain-env.ts';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { AuditService } from '../../modules/audit/index.ts';
import type { ChainService } from '../../modules/chain/index.ts';
import type { ParamsService } from '../../modules/params/index.ts';
import type { WalletChainRecords, WithdrawalRow } from '../../modules/wallet/index.ts';

export interface PayoutView {
  status: string;
  txHash: string | null;
  txHashes: string[];
  nonce: string | null;
  reason: string | null;
  approvals: number;
  approvalsNeeded: number;
  explorerUrl: string | null;
}

export interface PayoutSettings {
  network: string;
  confirmations: number;
  token: { symbol: string; contract: string; decimals: number };
  /** Where finance follows a transaction: the network's CHAIN_EXPLORERS template. */
  explorers: ChainExplorers;
}

/** A USDT amount param ("1000", "0.5") in ledger units (params are validated when set). */
export function parseUsdt(value: string): bigint {
  const parsed = parseMoney(value);
  return parsed.ok ? parsed.units : 0n;
}

export function brandOf(key: string) {
  const brand = BRANDS.find((b) => b.key === key);
  if (!brand) throw new Error(`unknown brand ${key}`);
  return brand;
}

export class PayoutDesk {
  constructor(
    private readonly db: Executor,
    private readonly records: WalletChainRecords,
    private readonly chain: ChainService,
    private readonly params: ParamsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly settings: PayoutSettings,
    private readonly enqueue: (tx: Executor, w: WithdrawalRow) => Promise<void>,
  ) {}

  explorerUrl(hash: string | null): string | null {
    return hash ? explorerLink(this.settings.explorers, this.settings.network, hash) : null;
  }

  /** Refuses resolving by hand a withdrawal the chain is paying (WithdrawGuards). */
  async assertManualResolve(db: Executor, withdrawalId: string): Promise<void> {
    const status = await this.chain.payouts.statusOf(db, withdrawalId);
    if (status !== undefined && status !== 'refused' && status !== 'reverted')
      throw new AppError('WITHDRAWAL_ON_CHAIN');
  }

  /** One finance operator's approval; the payout is queued once enough different operators agreed. */
  async approve(ctx: RequestContext, id: string): Promise<PayoutView> {
    const actor = actorOf(ctx);
    const values = await this.params.all(ctx.brand);
    const threshold = parseUsdt(values.withdraw_dual_approval_over);
    await inTransaction(this.db, async (tx) => {
      const w = await this.records.withdrawal(tx, id);
      if (!w || w.brand !== ctx.brand.key) throw new AppError('WITHDRAWAL_NOT_FOUND');
      if (w.status !== 'processing') throw new AppError('TRANSFER_ALREADY_RESOLVED');
      if (w.network !== this.settings.network) throw new AppError('CHANNEL_NOT_OPEN');
      if (await this.chain.payouts.hasApproved(tx, id, actor.userId))
        throw new AppError('WITHDRAWAL_ALREADY_APPROVED');
      await this.chain.payouts.addApproval(tx, id, actor.userId, this.clock.now());
      const count = await this.chain.payouts.approvalCount(tx, id);
      const needed = w.amount > threshold ? 2 : 1;
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: id,
        before: { approvals: count - 1 },
        after: { approvals: count, needed },
      });
      if (count < needed) return;
      await this.enqueue(tx, w);
    });
    return (await this.view([id]))[0] as PayoutView;
  }

  /** What finance sees of each withdrawal's payout. */
  async view(ids: readonly string[]): Promise<PayoutView[]> {
    if (ids.length === 0) return [];
    const payouts = await this.chain.payouts.findMany(this.db, ids);
    const approvals = await this.chain.payouts.approvalCounts(this.db, ids);
    const withdrawals = await this.records.withdrawalAmounts(this.db, ids);
    const out: PayoutView[] = [];
    for (const id of ids) {
      const p = payouts.find((r) => r.withdrawal_id === id);
      const w = withdrawals.find((r) => r.id === id);
      let needed = 1;
      if (w) {
        const values = await this.params.all(brandOf(w.brand));
        needed = w.amount > parseUsdt(values.withdraw_dual_approval_over) ? 2 : 1;
      }
      out.push({
        status: p?.status ?? 'manual',
        txHash: p?.tx_hash ?? null,
        txHashes: p ? (JSON.parse(p.tx_hashes) as string[]) : [],
        nonce: p?.nonce === null || p?.nonce === undefined ? null : String(p.nonce),
        reason: p?.reason ?? null,
        approvals: approvals.get(id) ?? 0,
        approvalsNeeded: needed,
        explorerUrl: this.explorerUrl(p?.tx_hash ?? null),
      });
    }
    return out;
  }
}
