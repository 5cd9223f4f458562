import type { ColumnType } from 'kysely';
import type { BigIntColumn } from '../../core/db/columns.ts';

export interface UploadsTable {
  id: string;
  brand: string;
  user_id: string;
  module: string;
  /** Storage key of the stored image (core/storage); a public key is also its URL below /uploads/. */
  path: string;
  mime: string;
  size: ColumnType<number | bigint, number, number>;
  /** Pixels of the stored image; null on rows from before the image pipeline. */
  width: ColumnType<number | bigint | null, number | null, number | null>;
  height: ColumnType<number | bigint | null, number | null, number | null>;
  /** JSON list of the smaller sizes, `[{"w":400,"width":400,"height":300}]`; null before the pipeline. */
  sizes: string | null;
  created_at: BigIntColumn;
}
