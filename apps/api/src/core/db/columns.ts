/** Column helpers: BIGINT comes back as bigint on both dialects; we insert bigint or number. */
import type { ColumnType } from 'kysely';

export type BigIntColumn = ColumnType<bigint, bigint | number, bigint | number>;
export type NullableBigIntColumn = ColumnType<bigint | null, bigint | number | null, bigint | number | null>;

/** SQLite hands every INTEGER back as bigint (safe integers on); counts and flags become numbers. */
export function toNumber(value: bigint | number | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
