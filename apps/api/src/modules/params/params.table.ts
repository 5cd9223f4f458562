import type { BigIntColumn } from '../../core/db/columns.ts';

/** Operator overrides of public params, per brand. Defaults live in the contract. */
export interface ParamsTable {
  brand: string;
  code: string;
  value: string;
  updated_at: BigIntColumn;
}
