import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** Operators' "needs advanced verification" flags; open while `lifted_at` is null. */
export interface VerificationFlagsTable {
  id: string;
  user_id: string;
  brand: string;
  reason: string;
  raised_by: string;
  raised_at: BigIntColumn;
  lifted_how: string | null;
  lifted_by: string | null;
  lifted_at: NullableBigIntColumn;
  lift_remark: string | null;
}
