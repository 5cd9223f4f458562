/**
 * One Kysely instance over either dialect. SQLite (better-sqlite3) is the default: a file under
 * DATA_DIR with WAL, synchronous=FULL and foreign keys on, one connection through Kysely's own
 * SqliteDialect (sqlite-dialect.ts: transactions take the write lock up front with BEGIN IMMEDIATE,
 * so two writers never deadlock on an upgrade). PostgreSQL when a URL is given.
 * Both dialects hand BIGINT columns back as JS bigint, so money and instants are exact everywhere.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparedStatementName } from './precompiled.ts';
import type { Database } from './schema.ts';
import { ImmediateSqliteDialect } from './sqlite-dialect.ts';
import { WalFileSync, WalSqliteDialect } from './sqlite-group-commit.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  /** PostgreSQL's connection pool, for its gauges (/metrics); undefined on SQLite. */
  readonly pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  /** A file path or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to live in (tests use a fresh one per run). */
  pgSchema?: string;
  /** SQLite: 'full' (default) waits for the disk on every commit; 'fast' does not (tests only). */
  durability?: 'full' | 'fast';
  /**
   * PostgreSQL, tests only: a query through the pool from inside an open transaction fails at once
   * instead of waiting for a second connection. Under load such reads fill the pool with
   * transactions that each wait for one more connection, and every one of them hangs.
   */
  refusePoolReadsInTransactions?: boolean;
  /**
   * SQLite: group commits (sqlite-group-commit.ts), off by default. The transactions that reach
   * the database in one turn of the event loop share one durable COMMIT, synced off the event
   * loop's thread. Kysely's plain dialect syncs once per transaction on the event loop's thread;
   * where a sync is slow that caps the writes a process makes a second (docs/decisions-pending/
   * modules.md has the numbers). SQLITE_GROUP_COMMIT=true turns it on.
   */
  groupCommit?: boolean;
}

/** The async scope of the open transaction, marked only while pool reads are being refused. */
const transactionScope = new AsyncLocalStorage<{ open: boolean }>();
let markingTransactions = false;

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

export function openDatabase(options: OpenOptions): Db {
  if (options.databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    if (options.refusePoolReadsInTransactions) refusePoolReadsInTransactions(pool);
    pool.on('connect', prepareHotStatements);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  if (options.groupCommit) return openGroupCommitted(file, options.durability !== 'fast');
  const sqlite = new SQLite(file);
  sqlite.defaultSafeIntegers(true);
  sqlite.pragma('journal_mode = WAL');
  // A server waits for the disk on every commit (DESIGN §4); tests may trade that for speed.
  sqlite.pragma(`synchronous = ${options.durability === 'fast' ? 'OFF' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  // Another process holding the write lock (a second server, the seed) is waited for this long.
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * SQLite with group commits (the `groupCommit` switch): a writer and a reader connection; the
 * writer commits with synchronous=NORMAL and the driver syncs the WAL file itself from the thread
 * pool before it reports a commit (WalFileSync), which is as durable as FULL.
 */
function openGroupCommitted(file: string, durable: boolean): Db {
  const memory = file === ':memory:';
  const writer = new SQLite(file);
  writer.defaultSafeIntegers(true);
  writer.pragma('journal_mode = WAL');
  const commitSync = durable && !memory ? new WalFileSync(`${file}-wal`) : undefined;
  writer.pragma(`synchronous = ${!durable ? 'OFF' : commitSync ? 'NORMAL' : 'FULL'}`);
  writer.pragma('foreign_keys = ON');
  // Each member of a group runs in a savepoint, whose journal is kept in memory, not a temp file.
  writer.pragma('temp_store = MEMORY');
  // A page changed by many groups is copied to the database file once per 16 MB of WAL, not 4 MB.
  writer.pragma('wal_autocheckpoint = 4000');
  writer.pragma('busy_timeout = 5000');
  // A second connection reads the committed state while the writer works (WAL); an in-memory
  // database has no file to share, so it reads through the writer.
  let reader: SQLite.Database | undefined;
  if (!memory) {
    reader = new SQLite(file, { readonly: true });
    reader.defaultSafeIntegers(true);
    reader.pragma('busy_timeout = 5000');
  }
  // From here on the driver waits for the write lock itself, without blocking the event loop.
  writer.pragma('busy_timeout = 0');
  const kysely = new Kysely<Database>({ dialect: new WalSqliteDialect(writer, reader, commitSync) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * What repositories run their queries on: the database itself or an open transaction (a Kysely
 * Transaction is a Kysely). Flows that write through several modules open one transaction and hand
 * it to each module's service, so all of their writes commit or none do.
 */
export type Executor = Kysely<Database>;

/** Deadlocks and serialization failures on PostgreSQL: the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs `work` in one transaction (BEGIN IMMEDIATE on SQLite), retrying it from the start a few
 * times when PostgreSQL reports a deadlock or serialization failure. `work` must not have effects
 * outside the database, since it may run more than once.
 */
export async function inTransaction<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  const marked = markingTransactions ? markedWork(work) : work;
  for (let attempt = 1; ; attempt++) {
    let opened: Executor | undefined;
    try {
      const result = await db.transaction().execute((tx) => {
        opened = tx;
        return marked(tx);
      });
      runAfterCommit(opened);
      return result;
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (attempt >= 5 || code === undefined || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Work to do once a transaction has committed, by the transaction it waits for. */
const commitCallbacks = new WeakMap<Executor, (() => void)[]>();

/**
 * Runs `callback` once the transaction `tx` has committed, if it does; never if it rolls back or
 * its attempt is retried. For what a process may only remember about committed rows (a cache of
 * rows known to exist, say): a row this transaction wrote, or saw written earlier in it, is gone
 * again if it rolls back. Only transactions opened by inTransaction run these; on any other
 * executor (the database itself, a transaction opened elsewhere) the callback never runs, so it
 * must only ever spare work, never be needed for correctness. It must not throw: the transaction
 * has committed by then, and its caller would be told it failed.
 */
export function afterCommit(tx: Executor, callback: () => void): void {
  if (!tx.isTransaction) return;
  const callbacks = commitCallbacks.get(tx);
  if (callbacks) callbacks.push(callback);
  else commitCallbacks.set(tx, [callback]);
}

function runAfterCommit(tx: Executor | undefined): void {
  const callbacks = tx && commitCallbacks.get(tx);
  if (!callbacks) return;
  commitCallbacks.delete(tx);
  for (const callback of callbacks) callback();
}

function markedWork<T>(work: (tx: Executor) => Promise<T>): (tx: Executor) => Promise<T> {
  return (tx) => {
    const scope = { open: true };
    return transactionScope
      .run(scope, () => work(tx))
      .finally(() => {
        scope.open = false;
      });
  };
}

function refusePoolReadsInTransactions(pool: pg.Pool): void {
  markingTransactions = true;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = () => {
    if (transactionScope.getStore()?.open) {
      return Promise.reject(
        new Error('a query went through the pool inside an open transaction: pass the transaction'),
      );
    }
    return connect();
  };
}

/**
 * Runs the precompiled queries (precompiled.ts) as named statements: prepared once per connection,
 * then only bound and executed, where Kysely's unnamed ones are parsed and planned on every call.
 */
function prepareHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
    if (name === undefined || !Array.isArray(rest[0])) return query(text, ...rest);
    return query({ name, text, values: rest[0] }, ...rest.slice(1));
  };
}
