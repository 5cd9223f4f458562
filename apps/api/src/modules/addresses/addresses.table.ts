import type { ColumnType } from 'kysely';
import type { BigIntColumn } from '../../core/db/columns.ts';

export interface AddressesTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  area_code: string;
  phone: string;
  nation: string;
  state: string;
  city: string;
  post_code: string;
  address: string;
  /** 1 marks the default address; a partial unique index allows one per user. */
  is_default: ColumnType<number | bigint, number, number>;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}
