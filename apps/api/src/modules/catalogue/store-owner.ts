/** The store a user owns, as the risk view shows it (issue 26, loans). Read-only. */
import type { Executor } from '../../core/db/database.ts';

export async function storeOwnedBy(
  db: Executor,
  userId: string,
): Promise<{ name: string; createdAt: number } | undefined> {
  const row = await db
    .selectFrom('sellers')
    .select(['name', 'created_at'])
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
  return row && { name: row.name, createdAt: Number(row.created_at) };
}
