/**
 * Who users are, for other modules' read paths (table ownership, DESIGN §2): finance's queues show
 * a record's person and find users by deposit reference, the risk view and the dust sweep keep to
 * one brand's users. Read-only; exported from index.ts.
 */
import type { Executor } from '../../core/db/database.ts';

export interface Person {
  username: string;
  usercode: string;
  realName: string | null;
}

/** Large id lists are asked in parts, within every database's limit on parameters. */
const CHUNK = 500;

/** The user of the brand with this account code, if any. */
export async function userWithUsercode(
  db: Executor,
  brand: string,
  usercode: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('brand', '=', brand)
    .where('usercode', '=', usercode)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Each of these users' name, account code and real name, by id (unknown ids are left out). */
export async function peopleOf(db: Executor, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'username', 'usercode', 'real_name'])
          .where('id', 'in', unique)
          .execute();
  return new Map(
    rows.map((r) => [r.id, { username: r.username, usercode: r.usercode, realName: r.real_name }]),
  );
}

/** The user names of those of these users who belong to the brand, by id. */
export async function usernamesInBrand(
  db: Executor,
  brand: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, string>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('brand', '=', brand)
      .where('id', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.id, r.username);
  }
  return out;
}

/** What underwriting weighs of an account: when it was opened, its name and verification. */
export interface ApplicantAccount {
  createdAt: number;
  username: string;
  realNameStatus: string;
  c3Status: string;
}

export async function applicantAccount(db: Executor, userId: string): Promise<ApplicantAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['created_at', 'username', 'realname_status', 'c3_status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      createdAt: Number(row.created_at),
      username: row.username,
      realNameStatus: row.realname_status,
      c3Status: row.c3_status,
    }
  );
}
