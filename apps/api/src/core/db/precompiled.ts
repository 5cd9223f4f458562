/**
 * Hot queries compiled once per dialect instead of on every call. Kysely builds a query's tree and
 * compiles it to SQL in JS each time it runs, about a quarter of a checkout's CPU. A precompiled
 * query is built once with a stand-in for each value; its SQL is kept, and each call runs that SQL
 * with the call's own values in the stand-ins' places (constants in the query stay as they were).
 *
 * Only for queries whose shape never depends on the values: no lists of varying length, no clause
 * added or left out, no value used other than as a parameter. That last rule is checked: a stand-in
 * used as anything but a parameter (sliced, added to, stringified, compared with < or >) throws
 * while the query is built, and a value the built query does not bind as a parameter is an error.
 * The stand-ins are made from the keys of the first call's values; a later call without one of
 * those keys is an error too (it would otherwise bind `undefined`). Every call passes the same
 * keys, which may then go straight into `.values(p)` of an INSERT.
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './database.ts';

/** Marks a stand-in: the key of the value it stands for. */
const STAND_IN = Symbol('precompiled stand-in');

/** A value's stand-in while the query is built: any use of it but as a parameter throws. */
function standIn(key: string): object {
  const misuse = () => {
    throw new PrecompiledMisuse(`the value ${key} was used inside the builder other than as a parameter`);
  };
  return Object.freeze({ [STAND_IN]: key, [Symbol.toPrimitive]: misuse, toString: misuse, toJSON: misuse });
}

export class PrecompiledMisuse extends Error {
  override readonly name = 'PrecompiledMisuse';
}

/**
 * The SQL of every precompiled query, each with a statement name: PostgreSQL prepares a named
 * statement once per connection and then only binds values (database.ts), where an unnamed one is
 * parsed and planned on every call. The set is bounded by the queries in the code.
 */
const statementNames = new Map<string, string>();

/**
 * `select *` (or `returning *`) stays unnamed: a prepared one fails with "cached plan must not
 * change result type" once a migration adds a column, in every process that prepared it before,
 * which a rolling deploy with several API processes would hit.
 */
const ALL_COLUMNS = /(select|returning|,)\s+("\w+"\.)?\*/i;

/** The statement name of a precompiled query's SQL; undefined for any other SQL. */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

type Slot = { name: string } | { value: unknown };

interface Compiled<R> {
  query: CompiledQuery<R>;
  slots: Slot[];
}

export type Precompiled<P, R> = (db: Executor, values: P) => Promise<QueryResult<R>>;

export function precompiled<P extends Record<string, unknown>, R = Record<string, unknown>>(
  build: (db: Executor, p: P) => Compilable<unknown>,
): Precompiled<P, R> {
  // Per dialect (SQLite and PostgreSQL compile differently); keyed by the adapter's class.
  const byDialect = new Map<unknown, Compiled<R>>();
  return async (db, values) => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const keys = Object.keys(values);
      const standIns = Object.fromEntries(keys.map((k) => [k, standIn(k)])) as P;
      const query = build(db, standIns).compile() as CompiledQuery<R>;
      const slots = query.parameters.map((v): Slot => {
        const key =
          typeof v === 'object' && v !== null ? (v as { [STAND_IN]?: string })[STAND_IN] : undefined;
        return key === undefined ? { value: v } : { name: key };
      });
      const unbound = keys.filter((k) => !slots.some((s) => 'name' in s && s.name === k));
      if (unbound.length > 0) {
        throw new PrecompiledMisuse(`the values ${unbound.join(', ')} are not parameters of the built query`);
      }
      compiled = { query, slots };
      byDialect.set(dialect, compiled);
      if (!statementNames.has(query.sql) && !ALL_COLUMNS.test(query.sql)) {
        statementNames.set(query.sql, `mall_${statementNames.size}`);
      }
    }
    const parameters = compiled.slots.map((s) => {
      if (!('name' in s)) return s.value;
      if (!(s.name in values))
        throw new PrecompiledMisuse(`a precompiled query was called without ${s.name}`);
      return values[s.name];
    });
    return db.executeQuery<R>({ ...compiled.query, parameters });
  };
}

/** Rows a precompiled INSERT, UPDATE or DELETE changed. */
export function affected(result: QueryResult<unknown>): bigint {
  return result.numAffectedRows ?? 0n;
}
