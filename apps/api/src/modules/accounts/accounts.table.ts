import type { ColumnType } from 'kysely';
import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

type IntColumn = ColumnType<number | bigint, number | undefined, number>;

/** One row per account of a brand; phone, e-mail and user name are unique within the brand. */
export interface UsersTable {
  id: string;
  brand: string;
  /** The user's own code; others enter it as their invitation code. */
  usercode: string;
  username: string;
  /** Lower-cased user name, unique per brand; null once the account is cancelled. */
  username_key: string | null;
  email: string | null;
  area_code: string | null;
  phone: string | null;
  /** `<area code>-<number>`, unique per brand. */
  phone_key: string | null;
  password_hash: string;
  fund_password_hash: string | null;
  fund_failures: IntColumn;
  fund_locked_until: NullableBigIntColumn;
  status: string;
  business_locked: IntColumn;
  avatar: IntColumn;
  invited_by: string | null;
  agent_code: string | null;
  realname_status: string;
  c3_status: string;
  real_name: string | null;
  lang: string;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
  last_login_at: NullableBigIntColumn;
  cancelled_at: NullableBigIntColumn;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: BigIntColumn;
}

/** Refused sign-ins per Asia/Shanghai day: `u:<user id>` or `k:<sha-256 of the typed name>`. */
export interface LoginAttemptsTable {
  brand: string;
  login_key: string;
  day: number;
  failures: IntColumn;
  updated_at: BigIntColumn;
}

export interface VerificationCodesTable {
  id: string;
  brand: string;
  purpose: string;
  target: string;
  code_hash: string;
  attempts: IntColumn;
  created_at: BigIntColumn;
  expires_at: BigIntColumn;
  consumed_at: NullableBigIntColumn;
}

export interface SlideChallengesTable {
  id: string;
  brand: string;
  target_x: IntColumn;
  piece_y: IntColumn;
  created_at: BigIntColumn;
  expires_at: BigIntColumn;
  attempted_at: NullableBigIntColumn;
  pass_hash: string | null;
  pass_expires_at: NullableBigIntColumn;
  consumed_at: NullableBigIntColumn;
}

/** Phones and e-mails of cancelled accounts, held back from sign-up for a number of days. */
export interface CancelledIdentitiesTable {
  id: string;
  brand: string;
  kind: 'email' | 'phone';
  value: string;
  user_id: string;
  cancelled_at: BigIntColumn;
}
