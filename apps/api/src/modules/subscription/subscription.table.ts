import type { BigIntColumn } from '../../core/db/columns.ts';

/** Coupon e-mail subscriptions from the footer, one per address per brand. */
export interface SubscriptionsTable {
  id: string;
  brand: string;
  email: string;
  lang: string;
  created_at: BigIntColumn;
}
