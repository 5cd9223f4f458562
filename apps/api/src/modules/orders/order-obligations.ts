/**
 * Orders a user is still part of: as a buyer, paid and not settled (to ship, shipped, received
 * within the return window) or with a refund under way; as a seller, sales not settled yet.
 * Status numbers as DESIGN §6: 1 paid … 5 reviewed; -1 cancelled, 0 unpaid and 6 refunded are done.
 */
import type { Executor } from '../../core/db/database.ts';

const REFUNDING = 1;

export async function hasOrdersInProgress(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '>=', 1), eb('status', '<=', 5), eb('settled_at', 'is', null)]),
        eb('refund_status', '=', REFUNDING),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasUnsettledSales(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('seller_owner_user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '>=', 1), eb('status', '<=', 5), eb('settled_at', 'is', null)]),
        eb('refund_status', '=', REFUNDING),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
