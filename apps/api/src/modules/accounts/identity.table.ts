import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** Real-name and C3 applications; one pending or approved per user and kind (partial unique index). */
export interface IdentityVerificationsTable {
  id: string;
  user_id: string;
  brand: string;
  kind: string;
  status: string;
  real_name: string | null;
  id_number: string | null;
  nationality: string | null;
  front_img: string | null;
  back_img: string | null;
  handheld_img: string | null;
  remark: string | null;
  reviewer_id: string | null;
  created_at: BigIntColumn;
  reviewed_at: NullableBigIntColumn;
}
