import type { ColumnType } from 'kysely';
import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/**
 * Applications to open a store (SPEC /merchantSettled). `open_slot` is 1 while pending and NULL
 * afterwards; a unique index on (user_id, open_slot) allows one pending application per user.
 */
export interface MerchantApplicationsTable {
  id: string;
  brand: string;
  user_id: string;
  username: string;
  store_name: string;
  business_phone: string;
  business_email: string;
  country: string;
  proof_url: string;
  description: string;
  status: string;
  refuse_reason: ColumnType<string, string | undefined, string>;
  seller_id: string | null;
  decided_by: string | null;
  decided_at: NullableBigIntColumn;
  open_slot: ColumnType<number | bigint | null, number | null, number | null>;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}
