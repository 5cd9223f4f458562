/** Other users with one of the user's delivery addresses (issue 26, the risk view). Read-only. */
import type { Executor } from '../../core/db/database.ts';

/** Each other user once whose address and city match one of the user's (address case-blind). */
export async function usersSharingAddress(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('addresses as mine')
    .innerJoin('addresses as other', (j) =>
      j
        .on((eb) => eb(eb.fn('lower', ['other.address']), '=', eb.fn('lower', ['mine.address'])))
        .onRef('other.city', '=', 'mine.city'),
    )
    .select('other.user_id')
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '!=', userId)
    .distinct()
    .execute();
  return rows.map((r) => r.user_id);
}
