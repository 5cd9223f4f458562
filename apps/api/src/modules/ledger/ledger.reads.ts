/**
 * The ledger's read calls for other modules (table ownership, DESIGN §2): a wallet's transfers for
 * its statement, commission taken from orders, and the credits underwriting weighs (deposits,
 * settlements, loan payouts). Reached only through LedgerService.
 */
import { sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import { MICRO_USDT } from '../../core/money-rounding.ts';

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

/** A wallet with an amount below one micro-USDT in its balance. */
export interface DustyWallet {
  ownerId: string;
  balance: bigint;
  /** The account's last change as the driver answers it (the sweep's idempotency key uses it as is). */
  updatedAt: string | number | bigint;
}

const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as bigint));
const sum = (column: string) => sql<string>`cast(coalesce(sum(${sql.ref(column)}), 0) as text)`;
const count = sql<string>`cast(count(*) as text)`;

/** Every transfer touching `walletId` that began before `before` (ms). */
export async function walletTransfers(
  db: Executor,
  walletId: string,
  before: number,
): Promise<WalletTransfer[]> {
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
export async function commissionOn(db: Executor, orderIds: readonly string[]): Promise<Map<string, bigint>> {
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

/** Deposits the ledger credited to the wallet (every rail): how many and their total. */
export async function depositsTo(db: Executor, walletId: string): Promise<{ count: number; total: bigint }> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select([count.as('n'), sum('amount').as('total')])
    .where('credit_account_id', '=', walletId)
    .where('status', '=', 'posted')
    .where((eb) => eb.or([eb('kind', '=', 'recharge'), eb('kind', 'like', '%deposit%')]))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), total: BigInt(row.total) };
}

/** Posted credits of one kind to the wallet, from `since` (ms) on when given. */
export async function creditedTo(
  db: Executor,
  walletId: string,
  kind: string,
  since?: number,
): Promise<bigint> {
  let query = db
    .selectFrom('ledger_transfers')
    .select(sum('amount').as('total'))
    .where('credit_account_id', '=', walletId)
    .where('kind', '=', kind)
    .where('status', '=', 'posted');
  if (since !== undefined) query = query.where('created_at', '>=', BigInt(since));
  return BigInt((await query.executeTakeFirstOrThrow()).total);
}

/** Every wallet whose balance has a part below one micro-USDT (the dust sweep's work list). */
export async function walletsWithDust(db: Executor): Promise<DustyWallet[]> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .select(['a.owner_id', 'a.balance', 'a.updated_at'])
    .where('a.kind', '=', 'wallet')
    .where(sql<boolean>`a.balance % ${sql.lit(Number(MICRO_USDT))} <> 0`)
    .execute();
  return rows.map((r) => ({
    ownerId: r.owner_id as string,
    balance: BigInt(r.balance),
    updatedAt: r.updated_at as string | number | bigint,
  }));
}
