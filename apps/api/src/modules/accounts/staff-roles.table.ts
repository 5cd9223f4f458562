import type { BigIntColumn } from '../../core/db/columns.ts';

/** Custom staff roles of a brand; each grants some built-in roles (`grants`, a comma list). */
export interface StaffRolesTable {
  id: string;
  brand: string;
  name: string;
  /** Lower-cased name, unique per brand. */
  name_key: string;
  description: string;
  grants: string;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

/** Who holds which custom role; a held role cannot be deleted (foreign key without cascade). */
export interface UserStaffRolesTable {
  user_id: string;
  role_id: string;
  created_at: BigIntColumn;
}
