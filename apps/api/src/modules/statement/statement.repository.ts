/**
 * The transfers behind one wallet's statement, read straight from the ledger (DESIGN §11): every
 * transfer into or out of the wallet, posted, held or voided, up to the end of the period asked.
 */
import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';

export interface WalletTransfer {
  id: string;
  /** True when the money left this wallet (it is the debit side). */
  outgoing: boolean;
  /** The other side of the transfer: an order's escrow, a platform or external account, ... */
  counterpartyId: string;
  amount: bigint;
  kind: string;
  status: 'posted' | 'pending' | 'voided';
  reference: string | null;
  memo: string | null;
  /** This wallet's balance right after the transfer was posted (null while held or voided). */
  balanceAfter: bigint | null;
  createdAt: number;
  resolvedAt: number | null;
}

const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as bigint));

export class StatementRepository {
  /** Every transfer touching `walletId` that began before `before` (ms). */
  async transfersOf(db: Executor, walletId: string, before: number): Promise<WalletTransfer[]> {
    const rows = await db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where((eb) => eb.or([eb('debit_account_id', '=', walletId), eb('credit_account_id', '=', walletId)]))
      .where('created_at', '<', BigInt(before))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => {
      const outgoing = r.debit_account_id === walletId;
      return {
        id: r.id,
        outgoing,
        counterpartyId: outgoing ? r.credit_account_id : r.debit_account_id,
        amount: BigInt(r.amount),
        kind: r.kind,
        status: r.status as WalletTransfer['status'],
        reference: r.reference,
        memo: r.memo,
        balanceAfter: big(outgoing ? r.debit_balance_after : r.credit_balance_after),
        createdAt: toNumber(r.created_at),
        resolvedAt: r.resolved_at === null ? null : toNumber(r.resolved_at),
      };
    });
  }

  /** Commission taken from these orders at settlement (`commission:<orderId>` transfers). */
  async commissionOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    if (orderIds.length === 0) return out;
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['reference', 'amount'])
      .where('kind', '=', 'commission')
      .where('status', '=', 'posted')
      .where('reference', 'in', [...orderIds])
      .execute();
    for (const r of rows)
      if (r.reference) out.set(r.reference, (out.get(r.reference) ?? 0n) + BigInt(r.amount));
    return out;
  }
}
