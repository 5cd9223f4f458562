import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

type Flag = number | bigint;

/** Ways money comes in and goes out, per brand: chain networks, bank cards, payment gateways. */
export interface WalletChannelsTable {
  brand: string;
  code: string;
  kind: string;
  network: string | null;
  coin: string;
  region: string | null;
  deposit_address: string | null;
  rate: BigIntColumn;
  amount_decimals: Flag;
  recharge_enabled: Flag;
  withdraw_enabled: Flag;
  recharge_min: BigIntColumn;
  recharge_max: BigIntColumn;
  withdraw_min: BigIntColumn;
  withdraw_max: BigIntColumn;
  withdraw_fee_fixed: BigIntColumn;
  withdraw_fee_bp: Flag;
  sort: Flag;
  updated_at: BigIntColumn;
}

/** A chain or bank-card recharge waiting for, or reviewed by, finance. */
export interface RechargeRequestsTable {
  id: string;
  serial_no: string;
  brand: string;
  user_id: string;
  kind: string;
  channel_code: string;
  network: string | null;
  coin: string;
  rate: BigIntColumn;
  amount_claimed: BigIntColumn;
  amount_credited: NullableBigIntColumn;
  tx_hash: string | null;
  proof_url: string | null;
  bank_name: string | null;
  card_last4: string | null;
  status: string;
  remark: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableBigIntColumn;
  transfer_id: string | null;
  balance_after: NullableBigIntColumn;
  created_at: BigIntColumn;
}

export interface WithdrawAddressesTable {
  user_id: string;
  brand: string;
  network: string;
  address: string;
  created_at: BigIntColumn;
}

export interface WithdrawFormTokensTable {
  token_hash: string;
  user_id: string;
  created_at: BigIntColumn;
  expires_at: BigIntColumn;
}

export interface WithdrawalsTable {
  id: string;
  serial_no: string;
  brand: string;
  user_id: string;
  form_token_hash: string;
  channel_code: string;
  network: string;
  address: string;
  amount: BigIntColumn;
  fee: BigIntColumn;
  actual_amount: BigIntColumn;
  status: string;
  hold_id: string;
  fee_hold_id: string | null;
  tx_hash: string | null;
  remark: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableBigIntColumn;
  balance_after: BigIntColumn;
  day: string;
  created_at: BigIntColumn;
}
