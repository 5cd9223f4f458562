import type { BigIntColumn } from '../../core/db/columns.ts';

/** Every operator action: who, what, on which row, when, and the row before and after (JSON). */
export interface AuditLogTable {
  id: string;
  brand: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: BigIntColumn;
}
