import type { BigIntColumn } from '../../core/db/columns.ts';

/** An operator's changes to a built-in brand (only the changed fields, as JSON). */
export interface BrandSettingsTable {
  brand: string;
  overrides_json: string;
  updated_by: string;
  updated_at: BigIntColumn;
}
