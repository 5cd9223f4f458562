import type { ColumnType } from 'kysely';
import type { BigIntColumn } from '../../core/db/columns.ts';

export interface UploadsTable {
  id: string;
  brand: string;
  user_id: string;
  module: string;
  /** Path below DATA_DIR/uploads, also the URL below /uploads/. */
  path: string;
  mime: string;
  size: ColumnType<number | bigint, number, number>;
  created_at: BigIntColumn;
}
