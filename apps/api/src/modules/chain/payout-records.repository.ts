/**
 * The payouts' rows (chain_payouts), the hot wallet's nonce counter (chain_nonces) and finance's
 * approvals (withdrawal_approvals). Each status change is conditional on the status it leaves, so
 * a step repeated after a crash or by a second process changes nothing; writes take the caller's
 * transaction.
 */
import type { Selectable } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import type { ChainPayoutsTable } from './chain.table.ts';

export type PayoutRow = Selectable<ChainPayoutsTable>;

export interface QueuedPayout {
  withdrawalId: string;
  brand: string;
  network: string;
  asset: string;
  from: string;
  to: string;
  amount: bigint;
}

export interface SignedPayout {
  nonce: bigint;
  amountRaw: string;
  signedTx: string;
  txHash: string;
  maxFeePerGas: string;
  day: string;
}

/** Statuses that count against the brand's daily hot-wallet limit. */
const SPENDING = ['signed', 'broadcast', 'confirmed'] as const;

export class PayoutRecordsRepository {
  /** A new payout, queued; false when the withdrawal already has one. */
  async queue(tx: Executor, p: QueuedPayout, now: number): Promise<boolean> {
    const inserted = await tx
      .insertInto('chain_payouts')
      .values({
        withdrawal_id: p.withdrawalId,
        brand: p.brand,
        network: p.network,
        asset: p.asset,
        from_address: p.from,
        to_address: p.to,
        amount: p.amount,
        amount_raw: '0',
        nonce: null,
        status: 'queued',
        tx_hash: null,
        tx_hashes: '[]',
        signed_tx: null,
        max_fee_per_gas: null,
        attempts: 0,
        block_number: null,
        reason: null,
        day: null,
        broadcast_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('withdrawal_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  find(db: Executor, withdrawalId: string): Promise<PayoutRow | undefined> {
    return db
      .selectFrom('chain_payouts')
      .selectAll()
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirst();
  }

  findMany(db: Executor, withdrawalIds: readonly string[]): Promise<PayoutRow[]> {
    return db.selectFrom('chain_payouts').selectAll().where('withdrawal_id', 'in', withdrawalIds).execute();
  }

  /** The payout's status, or undefined when the withdrawal has none. */
  async statusOf(db: Executor, withdrawalId: string): Promise<PayoutRow['status'] | undefined> {
    const row = await db
      .selectFrom('chain_payouts')
      .select('status')
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirst();
    return row?.status;
  }

  /** Finished without paying (refused before signing, or reverted on the chain), with the reason. */
  async finishUnpaid(
    tx: Executor,
    withdrawalId: string,
    status: 'refused' | 'reverted',
    reason: string,
    now: number,
  ): Promise<void> {
    await tx
      .updateTable('chain_payouts')
      .set({ status, reason, updated_at: now })
      .where('withdrawal_id', '=', withdrawalId)
      .execute();
  }

  /** What the brand's payouts signed, sent or confirmed on this day add up to. */
  async spentOn(tx: Executor, brand: string, day: string): Promise<bigint> {
    const spent = await tx
      .selectFrom('chain_payouts')
      .select((eb) => eb.fn.sum<bigint | string | null>('amount').as('total'))
      .where('brand', '=', brand)
      .where('day', '=', day)
      .where('status', 'in', [...SPENDING])
      .executeTakeFirst();
    return BigInt(spent?.total ?? 0);
  }

  /** Waits for the next day's limit (only while not yet signed). */
  async markLimited(tx: Executor, withdrawalId: string, reason: string, now: number): Promise<void> {
    await tx
      .updateTable('chain_payouts')
      .set({ status: 'limited', reason, updated_at: now })
      .where('withdrawal_id', '=', withdrawalId)
      .where('status', 'in', ['queued', 'limited'])
      .execute();
  }

  /**
   * Reserves the hot wallet's next nonce: the database's counter, never behind the node's own
   * count. Throws when another payout moved the counter in between (the job tries again).
   */
  async reserveNonce(tx: Executor, address: string, pendingNonce: bigint): Promise<bigint> {
    await tx
      .insertInto('chain_nonces')
      .values({ address, next_nonce: pendingNonce })
      .onConflict((oc) => oc.column('address').doNothing())
      .execute();
    const current = await tx
      .selectFrom('chain_nonces')
      .select('next_nonce')
      .where('address', '=', address)
      .executeTakeFirstOrThrow();
    const stored = BigInt(current.next_nonce);
    const nonce = stored > pendingNonce ? stored : pendingNonce;
    const moved = await tx
      .updateTable('chain_nonces')
      .set({ next_nonce: nonce + 1n })
      .where('address', '=', address)
      .where('next_nonce', '=', stored)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Error('nonce taken by another payout: again');
    return nonce;
  }

  /** Queued (or limited) → signed, the signed bytes stored; false when another process signed it. */
  async storeSigned(tx: Executor, withdrawalId: string, s: SignedPayout, now: number): Promise<boolean> {
    const stored = await tx
      .updateTable('chain_payouts')
      .set({
        status: 'signed',
        nonce: s.nonce,
        amount_raw: s.amountRaw,
        signed_tx: s.signedTx,
        tx_hash: s.txHash,
        tx_hashes: JSON.stringify([s.txHash]),
        max_fee_per_gas: s.maxFeePerGas,
        attempts: 1,
        day: s.day,
        reason: null,
        updated_at: now,
      })
      .where('withdrawal_id', '=', withdrawalId)
      .where('status', 'in', ['queued', 'limited'])
      .executeTakeFirst();
    return Number(stored.numUpdatedRows) === 1;
  }

  /** Signed → broadcast. */
  async markBroadcast(db: Executor, withdrawalId: string, now: number): Promise<void> {
    await db
      .updateTable('chain_payouts')
      .set({ status: 'broadcast', broadcast_at: now, updated_at: now })
      .where('withdrawal_id', '=', withdrawalId)
      .where('status', '=', 'signed')
      .execute();
  }

  /** Mined with enough confirmations: this hash is the one that paid. */
  async markConfirmed(
    tx: Executor,
    withdrawalId: string,
    txHash: string,
    blockNumber: bigint,
    now: number,
  ): Promise<void> {
    await tx
      .updateTable('chain_payouts')
      .set({ status: 'confirmed', tx_hash: txHash, block_number: blockNumber, updated_at: now })
      .where('withdrawal_id', '=', withdrawalId)
      .execute();
  }

  /**
   * A stuck broadcast replaced by the same nonce at a higher price: back to signed with the new
   * bytes, every hash kept; only while `p` is still the broadcast transaction.
   */
  async storeReplacement(
    db: Executor,
    p: PayoutRow,
    r: { signedTx: string; txHash: string; maxFeePerGas: string },
    now: number,
  ): Promise<void> {
    const hashes = [...(JSON.parse(p.tx_hashes) as string[]), r.txHash];
    await db
      .updateTable('chain_payouts')
      .set({
        status: 'signed',
        signed_tx: r.signedTx,
        tx_hash: r.txHash,
        tx_hashes: JSON.stringify(hashes),
        max_fee_per_gas: r.maxFeePerGas,
        attempts: toNumber(p.attempts as bigint) + 1,
        updated_at: now,
      })
      .where('withdrawal_id', '=', p.withdrawal_id)
      .where('status', '=', 'broadcast')
      .where('tx_hash', '=', p.tx_hash)
      .execute();
  }

  async hasApproved(tx: Executor, withdrawalId: string, operatorId: string): Promise<boolean> {
    const mine = await tx
      .selectFrom('withdrawal_approvals')
      .select('operator_id')
      .where('withdrawal_id', '=', withdrawalId)
      .where('operator_id', '=', operatorId)
      .executeTakeFirst();
    return mine !== undefined;
  }

  async addApproval(tx: Executor, withdrawalId: string, operatorId: string, now: number): Promise<void> {
    await tx
      .insertInto('withdrawal_approvals')
      .values({ withdrawal_id: withdrawalId, operator_id: operatorId, created_at: now })
      .execute();
  }

  async approvalCount(db: Executor, withdrawalId: string): Promise<number> {
    const row = await db
      .selectFrom('withdrawal_approvals')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirstOrThrow();
    return toNumber(row.n as bigint);
  }

  /** Approvals so far per withdrawal (withdrawals without any are absent). */
  async approvalCounts(db: Executor, withdrawalIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('withdrawal_approvals')
      .select(['withdrawal_id', (eb) => eb.fn.countAll().as('n')])
      .where('withdrawal_id', 'in', withdrawalIds)
      .groupBy('withdrawal_id')
      .execute();
    return new Map(rows.map((r) => [r.withdrawal_id, toNumber(r.n as bigint)]));
  }
}
