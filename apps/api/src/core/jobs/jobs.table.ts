import type { ColumnType } from 'kysely';
import type { BigIntColumn, NullableBigIntColumn } from '../db/columns.ts';

type IntColumn = ColumnType<number | bigint, number, number | bigint>;

/** Durable jobs: timeouts and settlements that must survive restarts and run once. */
export interface JobsTable {
  id: string;
  type: string;
  payload: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  run_at: BigIntColumn;
  attempts: IntColumn;
  max_attempts: IntColumn;
  locked_until: NullableBigIntColumn;
  locked_by: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}
