/**
 * Withdrawals paid on the chain (issue 29). Finance approves (two different operators above the
 * brand's `withdraw_dual_approval_over`); then the payout job, step by step, each step safe to
 * repeat after a crash:
 * 1. queued → signed: refuses our own deposit addresses and contracts (money back, reason shown),
 *    waits when the brand's daily hot-wallet limit would be passed, else reserves the next nonce in
 *    the database and stores the signed transaction, in one transaction, BEFORE anything is sent;
 * 2. signed → broadcast: sends the stored bytes (sending them twice is harmless: same hash);
 * 3. broadcast → confirmed (holds posted after N confirmations) or reverted (holds voided, reason
 *    shown); a transaction unmined after `chain_payout_stuck_minutes` is replaced by the same nonce
 *    at a higher gas price, every hash kept, and whichever is mined counts.
 */
import { formatMoney } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AuditService } from '../../modules/audit/index.ts';
import type {
  ChainService,
  DepositAddresses,
  EvmRpc,
  HotWallet,
  PayoutRow,
} from '../../modules/chain/index.ts';
import type { LedgerService } from '../../modules/ledger/index.ts';
import type { ParamsService } from '../../modules/params/index.ts';
import type { WalletChainRecords, WithdrawalRow } from '../../modules/wallet/index.ts';
import { shanghaiDay } from '../../modules/wallet/withdraw.service.ts';
import { WATCHER_ACTOR } from './chain-deposits.ts';
import { brandOf, PayoutDesk, type PayoutSettings, type PayoutView, parseUsdt } from './payout-desk.ts';

export type { PayoutSettings, PayoutView };

export const PAYOUT_JOB = 'chain.payout';
const FOLLOW_MS = 5_000;
const MICRO = 10_000n;

export class ChainPayouts {
  private readonly desk: PayoutDesk;

  constructor(
    private readonly db: Executor,
    private readonly records: WalletChainRecords,
    private readonly chain: ChainService,
    private readonly ledger: LedgerService,
    private readonly params: ParamsService,
    audit: AuditService,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
    private readonly rpc: EvmRpc,
    private readonly hot: HotWallet,
    private readonly addresses: DepositAddresses,
    private readonly settings: PayoutSettings,
  ) {
    this.desk = new PayoutDesk(db, records, chain, params, audit, clock, settings, (tx, w) =>
      this.enqueue(tx, w),
    );
    jobs.register(PAYOUT_JOB, async (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return;
      const next = await this.step(id);
      if (next !== undefined) await this.follow(this.db, id, next);
    });
  }

  private follow(executor: Executor, id: string, runAt: number) {
    return this.jobs.schedule(executor, {
      type: PAYOUT_JOB,
      payload: { id },
      runAt,
      dedupeKey: `${PAYOUT_JOB}:${id}:${runAt}`,
    });
  }

  /** Finance's side: approvals, views, the manual-resolve guard (payout-desk.ts). */
  approve(ctx: RequestContext, id: string): Promise<PayoutView> {
    return this.desk.approve(ctx, id);
  }

  view(ids: readonly string[]): Promise<PayoutView[]> {
    return this.desk.view(ids);
  }

  assertManualResolve(db: Executor, withdrawalId: string): Promise<void> {
    return this.desk.assertManualResolve(db, withdrawalId);
  }

  /** Queues the payout of a withdrawal enough operators approved, in their transaction. */
  private async enqueue(tx: Executor, w: WithdrawalRow): Promise<void> {
    const now = this.clock.now();
    const queued = await this.chain.payouts.queue(
      tx,
      {
        withdrawalId: w.id,
        brand: w.brand,
        network: w.network,
        asset: this.settings.token.symbol,
        from: this.hot.address,
        to: w.address.toLowerCase(),
        amount: w.actualAmount,
      },
      now,
    );
    if (queued) await this.follow(tx, w.id, now);
  }

  /** Runs the payout's next step; answers when to look again (undefined: finished). */
  async step(id: string): Promise<number | undefined> {
    const p = await this.chain.payouts.find(this.db, id);
    if (!p) return undefined;
    const now = this.clock.now();
    switch (p.status) {
      case 'queued':
      case 'limited':
        return this.sign(p);
      case 'signed':
        await this.broadcast(id, p.signed_tx as `0x${string}`);
        return now + FOLLOW_MS;
      case 'broadcast':
        return this.check(p);
      default:
        return undefined;
    }
  }

  private async refuse(id: string, reason: string, status: 'refused' | 'reverted') {
    await inTransaction(this.db, async (tx) => {
      const w = await this.records.withdrawal(tx, id);
      if (!w) return;
      await this.chain.payouts.finishUnpaid(tx, id, status, reason, this.clock.now());
      const resolved = await this.records.markWithdrawalUnpaid(
        tx,
        id,
        reason,
        WATCHER_ACTOR,
        this.clock.now(),
      );
      if (!resolved) return;
      await this.ledger.void(tx, w.holdId);
      if (w.feeHoldId) await this.ledger.void(tx, w.feeHoldId);
    });
  }

  private async sign(p: PayoutRow): Promise<number | undefined> {
    const id = p.withdrawal_id;
    const to = p.to_address;
    if ((await this.addresses.owners(this.db, [to])).size > 0) {
      await this.refuse(id, "refused: the address is one of the platform's deposit addresses", 'refused');
      return undefined;
    }
    if ((await this.rpc.code(to)) !== '0x') {
      await this.refuse(id, 'refused: the address is a contract', 'refused');
      return undefined;
    }
    const amount = BigInt(p.amount);
    const { decimals, contract } = this.settings.token;
    const scale = 10n ** BigInt(10 - Math.min(decimals, 10));
    if (decimals > 10 || amount % MICRO !== 0n || amount % scale !== 0n) {
      await this.refuse(id, "refused: the amount is finer than the token's unit", 'refused');
      return undefined;
    }
    const amountRaw = amount / scale;
    const now = this.clock.now();
    const { day } = shanghaiDay(now);
    const values = await this.params.all(brandOf(p.brand));
    const limit = parseUsdt(values.chain_hot_wallet_daily_limit);
    const [chainId, gasPrice, pendingNonce] = await Promise.all([
      this.rpc.chainId(),
      this.rpc.gasPrice(),
      this.rpc.pendingNonce(this.hot.address),
    ]);
    const outcome = await inTransaction(this.db, async (tx) => {
      const total = await this.chain.payouts.spentOn(tx, p.brand, day);
      if (total + amount > limit) {
        const reason = `waiting: the daily hot-wallet limit (${formatMoney(limit)} USDT) is reached; paid from the next day`;
        await this.chain.payouts.markLimited(tx, id, reason, now);
        return 'limited' as const;
      }
      const nonce = await this.chain.payouts.reserveNonce(tx, this.hot.address, pendingNonce);
      const { signed, hash } = await this.hot.sign({
        chainId,
        nonce,
        gasPrice,
        to,
        token: contract,
        amountRaw,
      });
      const stored = await this.chain.payouts.storeSigned(
        tx,
        id,
        {
          nonce,
          amountRaw: amountRaw.toString(),
          signedTx: signed,
          txHash: hash,
          maxFeePerGas: gasPrice.toString(),
          day,
        },
        now,
      );
      if (!stored) throw new Error('payout signed by another process: again');
      await this.records.recordPayoutHash(tx, id, hash);
      return signed;
    });
    if (outcome === 'limited') return nextShanghaiDay(now);
    await this.broadcast(id, outcome);
    return now + FOLLOW_MS;
  }

  private async broadcast(id: string, signed: `0x${string}`) {
    try {
      await this.rpc.sendRaw(signed);
    } catch (error) {
      // "already known" / "nonce too low" after a crash or a replacement: the receipt decides.
      const message = error instanceof Error ? error.message : String(error);
      if (!/known|nonce too low|already/i.test(message)) throw error;
    }
    await this.chain.payouts.markBroadcast(this.db, id, this.clock.now());
  }

  private async check(p: PayoutRow): Promise<number | undefined> {
    const id = p.withdrawal_id;
    const now = this.clock.now();
    const hashes = JSON.parse(p.tx_hashes) as string[];
    for (const hash of hashes) {
      const receipt = await this.rpc.receipt(hash);
      if (!receipt) continue;
      if (receipt.status === 'reverted') {
        await this.refuse(
          id,
          'the transfer reverted on the chain: the money is back in the wallet',
          'reverted',
        );
        return undefined;
      }
      const head = await this.rpc.head();
      if (head - receipt.blockNumber + 1n < BigInt(this.settings.confirmations)) return now + FOLLOW_MS;
      await inTransaction(this.db, async (tx) => {
        const w = await this.records.withdrawal(tx, id);
        if (!w) return;
        await this.chain.payouts.markConfirmed(tx, id, hash, receipt.blockNumber, now);
        const resolved = await this.records.markWithdrawalPaid(tx, id, hash, WATCHER_ACTOR, now);
        if (!resolved) return;
        await this.ledger.post(tx, w.holdId);
        if (w.feeHoldId) await this.ledger.post(tx, w.feeHoldId);
      });
      return undefined;
    }
    const values = await this.params.all(brandOf(p.brand));
    const stuckMs = Number(values.chain_payout_stuck_minutes) * 60_000;
    if (p.broadcast_at !== null && now - Number(p.broadcast_at) >= stuckMs) await this.replace(p);
    return now + FOLLOW_MS;
  }

  /** The same nonce again at a higher gas price (+25%, above the nodes' 10% replacement rule). */
  private async replace(p: PayoutRow) {
    const [chainId, market] = await Promise.all([this.rpc.chainId(), this.rpc.gasPrice()]);
    const bumped = (BigInt(p.max_fee_per_gas ?? '0') * 125n) / 100n + 1n;
    const gasPrice = market > bumped ? market : bumped;
    const { signed, hash } = await this.hot.sign({
      chainId,
      nonce: BigInt(p.nonce ?? 0),
      gasPrice,
      to: p.to_address,
      token: this.settings.token.contract,
      amountRaw: BigInt(p.amount_raw),
    });
    await this.chain.payouts.storeReplacement(
      this.db,
      p,
      { signedTx: signed, txHash: hash, maxFeePerGas: gasPrice.toString() },
      this.clock.now(),
    );
    await this.records.recordPayoutHash(this.db, p.withdrawal_id, hash);
    await this.broadcast(p.withdrawal_id, signed);
  }
}

/** The next Asia/Shanghai midnight, as an instant. */
function nextShanghaiDay(now: number): number {
  const SHANGHAI = 8 * 3600_000;
  const day = 86_400_000;
  return Math.floor((now + SHANGHAI) / day) * day + day - SHANGHAI;
}
