/**
 * The transaction hashes of a user's chain deposits and withdrawals, for the statement's rows
 * (issue 26): read-only, exported from index.ts, taking the caller's executor.
 */
import type { Executor } from '../../core/db/database.ts';

export interface ChainHash {
  network: string;
  /** The bare hash (a second event of one transaction is recorded as `hash:index`; cut here). */
  txHash: string;
}

/** Hashes by record id, for those of `depositIds` / `withdrawalIds` that have one. */
export async function chainHashesOf(
  db: Executor,
  depositIds: readonly string[],
  withdrawalIds: readonly string[],
): Promise<Map<string, ChainHash>> {
  const found = new Map<string, ChainHash>();
  const add = (rows: { id: string; network: string | null; tx_hash: string | null }[]) => {
    for (const r of rows)
      if (r.network && r.tx_hash) found.set(r.id, { network: r.network, txHash: r.tx_hash.split(':')[0]! });
  };
  if (depositIds.length > 0)
    add(
      await db
        .selectFrom('recharge_requests')
        .select(['id', 'network', 'tx_hash'])
        .where('id', 'in', [...depositIds])
        .execute(),
    );
  if (withdrawalIds.length > 0)
    add(
      await db
        .selectFrom('withdrawals')
        .select(['id', 'network', 'tx_hash'])
        .where('id', 'in', [...withdrawalIds])
        .execute(),
    );
  return found;
}
