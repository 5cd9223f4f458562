import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** One message of a user's message centre: what happened (kind, params), never its text. */
export interface NotificationsTable {
  id: string;
  brand: string;
  user_id: string;
  kind: string;
  /** JSON object of strings. */
  params: string;
  source_type: string;
  source_id: string;
  created_at: BigIntColumn;
  read_at: NullableBigIntColumn;
  dedupe_key: string | null;
}
