import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** Opaque session tokens, stored only as SHA-256 hashes so a database leak leaks no session. */
export interface SessionsTable {
  token_hash: string;
  user_id: string;
  brand: string;
  created_at: BigIntColumn;
  expires_at: BigIntColumn;
  last_seen_at: BigIntColumn;
  revoked_at: NullableBigIntColumn;
}

/** Where an account signed up or in from: one row per user, device id ('' for none) and address. */
export interface SignInDevicesTable {
  user_id: string;
  brand: string;
  device_id: string;
  ip: string;
  first_event: 'register' | 'login';
  first_at: BigIntColumn;
  last_at: BigIntColumn;
  times: number;
}
