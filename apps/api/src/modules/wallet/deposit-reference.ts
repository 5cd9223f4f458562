/**
 * Who is behind a record in finance's queues, and the bank-transfer reference (issue 26): every
 * user has one deposit reference, `D-<usercode>`, shown on the bank-card deposit page for the
 * transfer's memo; finance sees it beside each record and finds the user's records by it.
 */
import type { Executor } from '../../core/db/database.ts';
import { type Person, peopleOf, userWithUsercode } from '../accounts/index.ts';

export type RecordPerson = Person;

export const depositReference = (usercode: string): string => `D-${usercode}`;

/** The user a reference (or a bare usercode) names in the brand, if any. */
export async function userOfReference(
  db: Executor,
  brand: string,
  text: string | undefined,
): Promise<string | null> {
  const m = /^D-?([0-9A-Za-z]{4,20})$/i.exec(text?.trim() ?? '');
  if (!m) return null;
  return userWithUsercode(db, brand, m[1]!);
}

/** Each record with its user's name, account code, real name and deposit reference. */
export async function withPeople<T extends { userId: string }>(
  db: Executor,
  records: T[],
): Promise<(T & { user: RecordPerson | null; reference: string | null })[]> {
  const people = await peopleOf(
    db,
    records.map((r) => r.userId),
  );
  return records.map((r) => {
    const person = people.get(r.userId);
    return { ...r, user: person ?? null, reference: person ? depositReference(person.usercode) : null };
  });
}
