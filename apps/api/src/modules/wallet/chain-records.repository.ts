/**
 * The queries of recharge and withdrawal records that only chain deposits and payouts need
 * (flows/chain through WalletChainRecords); beside wallet.repository.ts, which holds the rest.
 */
import type { Executor } from '../../core/db/database.ts';

/** Hashes asked for at once (below every database's bound-parameter limit). */
const HASH_BATCH = 500;

export class ChainRecordsRepository {
  /** Which of these transaction hashes already name a recharge record on the network. */
  async takenTxHashes(db: Executor, network: string, hashes: readonly string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let i = 0; i < hashes.length; i += HASH_BATCH) {
      const rows = await db
        .selectFrom('recharge_requests')
        .select('tx_hash')
        .where('network', '=', network)
        .where('tx_hash', 'in', hashes.slice(i, i + HASH_BATCH))
        .execute();
      for (const r of rows) if (r.tx_hash) taken.add(r.tx_hash);
    }
    return taken;
  }

  /** A failed record back to processing, unreviewed (only while it is still failed). */
  async reopenFailedRecharge(db: Executor, id: string, remark: string | null): Promise<void> {
    await db
      .updateTable('recharge_requests')
      .set({ status: 'processing', remark, reviewed_by: null, reviewed_at: null })
      .where('id', '=', id)
      .where('status', '=', 'fail')
      .execute();
  }

  async setRechargeRemark(db: Executor, id: string, remark: string): Promise<void> {
    await db.updateTable('recharge_requests').set({ remark }).where('id', '=', id).execute();
  }

  async setRechargeBalanceAfter(db: Executor, id: string, balanceAfter: bigint | null): Promise<void> {
    await db
      .updateTable('recharge_requests')
      .set({ balance_after: balanceAfter })
      .where('id', '=', id)
      .execute();
  }

  async setWithdrawalTxHash(db: Executor, id: string, txHash: string): Promise<void> {
    await db.updateTable('withdrawals').set({ tx_hash: txHash }).where('id', '=', id).execute();
  }

  async withdrawalAmounts(db: Executor, ids: readonly string[]) {
    const rows = await db
      .selectFrom('withdrawals')
      .select(['id', 'brand', 'amount'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({ id: r.id, brand: r.brand, amount: BigInt(r.amount) }));
  }
}
