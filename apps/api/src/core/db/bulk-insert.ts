/**
 * Bulk inserts of many rows of one shape (the demo seed's translations: hundreds of thousands of
 * small rows). Kysely builds and compiles every multi-row INSERT in JS, which costs more than the
 * database's own work for such rows; here a full chunk's INSERT is compiled once per dialect,
 * table, columns and chunk size, and each chunk binds its values to it. The last, shorter chunk is
 * built as usual.
 */
import type { CompiledQuery } from 'kysely';
import type { Executor } from './database.ts';
import type { Database } from './schema.ts';

const compiled = new Map<string, CompiledQuery>();

export async function bulkInsert<T extends keyof Database & string>(
  db: Executor,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  rows: readonly unknown[][],
  chunk = 1000,
): Promise<void> {
  const dialect = db.getExecutor().adapter.constructor.name;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const values = () => part.map((row) => Object.fromEntries(columns.map((c, k) => [c, row[k]])));
    if (part.length < chunk) {
      await db
        .insertInto(table)
        .values(values() as never)
        .execute();
      continue;
    }
    const key = `${dialect} ${table} ${columns.join(',')} ${chunk}`;
    let query = compiled.get(key);
    if (!query) {
      query = db
        .insertInto(table)
        .values(values() as never)
        .compile();
      compiled.set(key, query);
    }
    await db.executeQuery({ ...query, parameters: part.flat() });
  }
}
