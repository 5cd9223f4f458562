/**
 * Who is behind a record in finance's queues, and the bank-transfer reference (issue 26): every
 * user has one deposit reference, `D-<usercode>`, shown on the bank-card deposit page for the
 * transfer's memo; finance sees it beside each record and finds the user's records by it.
 */
import type { Executor } from '../../core/db/database.ts';

export interface RecordPerson {
  username: string;
  usercode: string;
  realName: string | null;
}

export const depositReference = (usercode: string): string => `D-${usercode}`;

/** The user a reference (or a bare usercode) names in the brand, if any. */
export async function userOfReference(
  db: Executor,
  brand: string,
  text: string | undefined,
): Promise<string | null> {
  const m = /^D-?([0-9A-Za-z]{4,20})$/i.exec(text?.trim() ?? '');
  if (!m) return null;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('brand', '=', brand)
    .where('usercode', '=', m[1]!)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Each record with its user's name, account code, real name and deposit reference. */
export async function withPeople<T extends { userId: string }>(
  db: Executor,
  records: T[],
): Promise<(T & { user: RecordPerson | null; reference: string | null })[]> {
  const ids = [...new Set(records.map((r) => r.userId))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'username', 'usercode', 'real_name'])
          .where('id', 'in', ids)
          .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return records.map((r) => {
    const u = byId.get(r.userId);
    return {
      ...r,
      user: u ? { username: u.username, usercode: u.usercode, realName: u.real_name } : null,
      reference: u ? depositReference(u.usercode) : null,
    };
  });
}
