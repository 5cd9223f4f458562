import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** An account of the double-entry ledger: a wallet, an escrow, a platform or an external account. */
export interface LedgerAccountsTable {
  id: string;
  kind: string;
  owner_id: string | null;
  currency: string;
  balance: BigIntColumn;
  pending_out: BigIntColumn;
  allow_negative: number | bigint;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

/** A transfer from one account to another, written once; its id is the caller's idempotency key. */
export interface LedgerTransfersTable {
  id: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: BigIntColumn;
  currency: string;
  kind: string;
  status: string;
  reference: string | null;
  memo: string | null;
  debit_balance_after: NullableBigIntColumn;
  credit_balance_after: NullableBigIntColumn;
  created_at: BigIntColumn;
  resolved_at: NullableBigIntColumn;
}
