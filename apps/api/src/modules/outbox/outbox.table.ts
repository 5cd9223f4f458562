import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

/** Every message the mall sends (codes, notices): kept here, logged, and mailed when SMTP is set. */
export interface OutboxTable {
  id: string;
  brand: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** `logged` (no transport), `sent`, `failed`. */
  status: string;
  error: string | null;
  created_at: BigIntColumn;
  sent_at: NullableBigIntColumn;
}
