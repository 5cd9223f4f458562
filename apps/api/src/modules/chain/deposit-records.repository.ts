/**
 * The chain deposits' rows as the credit step (flows/chain) needs them: what is due, the
 * conditional claim that makes a credit happen once, the deposits waiting below the minimum, and
 * the confirmations behind users' records. Every write takes the caller's transaction.
 */
import type { Executor } from '../../core/db/database.ts';

export interface DueDeposit {
  id: string;
  tx_hash: string;
  log_index: number | bigint;
  user_id: string | null;
  brand: string | null;
  asset: string;
  amount_raw: string;
  contract: string | null;
  recharge_id: string | null;
}

export class DepositRecordsRepository {
  /**
   * Deposits still confirming in blocks up to `upTo` that the watcher has checked (the block's
   * hash is the one recorded), oldest first.
   */
  dueForCredit(db: Executor, network: string, upTo: bigint, limit: number): Promise<DueDeposit[]> {
    return db
      .selectFrom('chain_deposits as d')
      .innerJoin('chain_blocks as b', (j) =>
        j
          .onRef('b.network', '=', 'd.network')
          .onRef('b.number', '=', 'd.block_number')
          .onRef('b.hash', '=', 'd.block_hash'),
      )
      .select([
        'd.id',
        'd.tx_hash',
        'd.log_index',
        'd.user_id',
        'd.brand',
        'd.asset',
        'd.amount_raw',
        'd.contract',
        'd.recharge_id',
      ])
      .where('d.network', '=', network)
      .where('d.status', '=', 'confirming')
      .where('d.block_number', '<=', upTo)
      .orderBy('d.block_number')
      .orderBy('d.log_index')
      .limit(limit)
      .execute();
  }

  /** Confirming → credited; false when another process got there first. */
  async claimForCredit(tx: Executor, id: string, transferId: string, now: number): Promise<boolean> {
    const claim = await tx
      .updateTable('chain_deposits')
      .set({ status: 'credited', transfer_id: transferId, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'confirming')
      .executeTakeFirst();
    return Number(claim.numUpdatedRows) === 1;
  }

  /** Back from a claim: kept below the minimum until the user's deposits together reach it. */
  async holdBelowMinimum(tx: Executor, id: string): Promise<void> {
    await tx
      .updateTable('chain_deposits')
      .set({ status: 'below_min', transfer_id: null, reason: 'below the minimum deposit' })
      .where('id', '=', id)
      .execute();
  }

  /** A deposit waiting below the minimum, credited together with the one that reached it. */
  async creditWaiting(tx: Executor, id: string, transferId: string, now: number): Promise<void> {
    await tx
      .updateTable('chain_deposits')
      .set({ status: 'credited', transfer_id: transferId, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The user's deposits of this asset waiting below the minimum. */
  waitingBelowMinimum(tx: Executor, userId: string, network: string, asset: string) {
    return tx
      .selectFrom('chain_deposits')
      .select(['id', 'recharge_id', 'tx_hash', 'log_index'])
      .where('user_id', '=', userId)
      .where('network', '=', network)
      .where('asset', '=', asset)
      .where('status', '=', 'below_min')
      .execute();
  }

  /** Finance resolved the user's record by hand first: the deposit carries no transfer. */
  async markResolvedByFinance(tx: Executor, id: string): Promise<void> {
    await tx
      .updateTable('chain_deposits')
      .set({ reason: 'resolved by finance', transfer_id: null })
      .where('id', '=', id)
      .execute();
  }

  /** The block and status of the deposits behind these recharge records. */
  blocksOfRecharges(db: Executor, rechargeIds: readonly string[]) {
    return db
      .selectFrom('chain_deposits')
      .select(['recharge_id', 'block_number', 'status'])
      .where('recharge_id', 'in', rechargeIds)
      .execute();
  }
}
