import type { ColumnType } from 'kysely';
import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

type IntColumn = ColumnType<number | bigint, number, number | bigint>;

export type DepositStatus =
  | 'confirming'
  | 'credited'
  | 'dropped'
  | 'rejected'
  | 'below_min'
  | 'unknown_token';
export type PayoutStatus =
  | 'queued'
  | 'limited'
  | 'signed'
  | 'broadcast'
  | 'confirmed'
  | 'reverted'
  | 'refused';

export interface ChainDepositAddressesTable {
  family: string;
  user_id: string;
  brand: string;
  address_index: IntColumn;
  address: string;
  created_at: BigIntColumn;
}

export interface ChainCursorsTable {
  network: string;
  block_number: BigIntColumn;
  block_hash: string;
  head: BigIntColumn;
  updated_at: BigIntColumn;
}

export interface ChainBlocksTable {
  network: string;
  number: BigIntColumn;
  hash: string;
  parent_hash: string;
}

export interface ChainDepositsTable {
  id: string;
  network: string;
  tx_hash: string;
  log_index: IntColumn;
  block_number: BigIntColumn;
  block_hash: string;
  asset: string;
  contract: string | null;
  from_address: string;
  to_address: string;
  user_id: string | null;
  brand: string | null;
  amount_raw: string;
  status: DepositStatus;
  reason: string | null;
  recharge_id: string | null;
  transfer_id: string | null;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

export interface ChainNoncesTable {
  address: string;
  next_nonce: BigIntColumn;
}

export interface ChainPayoutsTable {
  withdrawal_id: string;
  brand: string;
  network: string;
  asset: string;
  from_address: string;
  to_address: string;
  amount: BigIntColumn;
  amount_raw: string;
  nonce: NullableBigIntColumn;
  status: PayoutStatus;
  tx_hash: string | null;
  tx_hashes: string;
  signed_tx: string | null;
  max_fee_per_gas: string | null;
  attempts: IntColumn;
  block_number: NullableBigIntColumn;
  reason: string | null;
  day: string | null;
  broadcast_at: NullableBigIntColumn;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

export interface WithdrawalApprovalsTable {
  withdrawal_id: string;
  operator_id: string;
  created_at: BigIntColumn;
}
