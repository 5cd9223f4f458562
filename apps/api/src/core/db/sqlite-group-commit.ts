/**
 * SQLite with group commits, behind the `groupCommit` switch of openDatabase (SQLITE_GROUP_COMMIT;
 * off by default, when Kysely's own dialect runs: sqlite-dialect.ts). Two connections to one WAL
 * database file.
 * - The writer runs every write and every transaction, one at a time (a mutex), and transactions
 *   take the write lock up front (BEGIN IMMEDIATE), so a read-then-write never fails halfway.
 * - The reader runs plain SELECTs outside transactions. In WAL mode it reads the last committed
 *   state without waiting for the writer, so pages keep loading while a checkout commits, and a
 *   cached read made while a flow holds a transaction can never wait on that same transaction.
 * - Group commit: with synchronous=FULL each COMMIT waits for the disk, and that wait (not the SQL)
 *   was most of a checkout's cost. So the transactions that reach the writer in one turn of the
 *   event loop share one SQLite transaction: each runs in its own SAVEPOINT (its failure rolls back
 *   only its own work), and one COMMIT at the end of the turn makes them all durable at once. None
 *   of them is reported committed before that COMMIT returns, and if it fails, all of them fail:
 *   an answer is never sent for work that is not on disk, and nothing is half-written. (Deferred
 *   constraints, checked only at COMMIT, would fail the whole batch for one member: none are used.)
 * - The disk wait leaves the event loop's thread: the writer commits with synchronous=NORMAL (no
 *   fsync in COMMIT) and the driver then syncs the WAL file on libuv's thread pool, reporting the
 *   batch only when that sync returns. The SQL of the next batch runs meanwhile. See `WalFileSync`.
 * Prepared statements are cached per connection (better-sqlite3 prepares are not free).
 */
import { closeSync, fdatasync, openSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

type Sqlite = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

const MAX_CACHED_STATEMENTS = 1000;

class PreparedCache {
  private readonly statements = new Map<string, Statement>();
  constructor(private readonly db: Sqlite) {}

  get(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.clear();
      this.statements.set(sql, stmt);
    }
    return stmt;
  }
}

function run<R>(cache: PreparedCache, query: CompiledQuery): QueryResult<R> {
  const stmt = cache.get(query.sql);
  const parameters = query.parameters as unknown[];
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/**
 * One holder at a time, first come first served. A waiter may give up after a time: a write made
 * outside a transaction by code that holds a transaction on the same process (it would wait for
 * itself) then fails as busy instead of stopping every write of the process for good.
 */
class Mutex {
  private held = false;
  private readonly waiters: ((release: () => void) => void)[] = [];

  /** Resolves when it is this caller's turn; call the returned function to let the next one in. */
  lock(timeoutMs?: number): Promise<() => void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = (release: () => void) => {
        if (timer) clearTimeout(timer);
        resolve(release);
      };
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              const at = this.waiters.indexOf(grant);
              if (at >= 0) this.waiters.splice(at, 1);
              reject(writerTimeout(timeoutMs));
            }, timeoutMs);
      this.waiters.push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next(this.releaser());
      else this.held = false;
    };
  }
}

function writerTimeout(ms: number): Error {
  return Object.assign(new Error(`waited ${ms} ms for the SQLite writer`), { code: 'SQLITE_BUSY' });
}

/** Makes what the writer has committed so far durable, off the event loop's thread. */
export interface CommitSync {
  /** Resolves once everything committed before the call is on the disk. */
  sync(): Promise<void>;
  close(): void;
}

/**
 * Syncs the WAL file from libuv's thread pool. With synchronous=NORMAL a COMMIT writes its frames to
 * the WAL (into the page cache) without waiting for the disk; an fdatasync of that file that starts
 * after the COMMIT returned puts them on the disk, which is what synchronous=FULL waits for inside
 * the COMMIT, on the event loop's thread. Frames that a checkpoint has already copied out are safe
 * too: with NORMAL, SQLite syncs the WAL before a checkpoint and the database file after it, and it
 * restarts the WAL only after a complete checkpoint.
 */
export class WalFileSync implements CommitSync {
  private fd: number | undefined;
  constructor(private readonly walPath: string) {}

  sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      // Opened on the first sync: the file exists once the writer has committed. The writer keeps
      // the database open, so SQLite never deletes and recreates the file under this descriptor.
      this.fd ??= openSync(this.walPath, 'r');
      fdatasync(this.fd, (error) => (error ? reject(error) : resolve()));
    });
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Every write after a failed sync fails: what the disk holds is unknown (PostgreSQL panics). */
function syncFailed(cause: unknown): Error {
  return Object.assign(new Error('syncing the SQLite WAL to disk failed; restart the server', { cause }), {
    code: 'SQLITE_IOERR',
  });
}

/**
 * The SQLite transaction several logical transactions share until its one COMMIT; each member
 * waits for that COMMIT (or its failure) before it is told it committed.
 */
class Batch {
  private readonly members: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  join(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.members.push({ resolve, reject });
    });
  }

  committed(): void {
    for (const m of this.members) m.resolve();
  }

  failed(error: unknown): void {
    for (const m of this.members) m.reject(error);
  }
}

/**
 * How long a transaction waits for another connection's write lock before SQLITE_BUSY (the writer
 * connection's own busy timeout is 0: the wait is here, see `openBatch`).
 */
export const BUSY_WAIT_MS = 5000;

/** How long a statement or transaction waits for its turn on the writer before it fails as busy. */
export const WRITER_WAIT_MS = 30_000;

/** The savepoint each logical transaction runs in (they run one at a time, so one name does). */
const SAVEPOINT = 'grouped';

interface ControlStatements {
  savepoint: Statement;
  release: Statement;
  commit: Statement;
}

function controlStatements(writer: Sqlite): ControlStatements {
  return {
    savepoint: writer.prepare(`savepoint ${SAVEPOINT}`),
    release: writer.prepare(`release ${SAVEPOINT}`),
    commit: writer.prepare('commit'),
  };
}

class RoutedConnection implements DatabaseConnection {
  /** Set while this connection holds an open transaction on the writer. */
  release: (() => void) | undefined;

  constructor(private readonly driver: WalSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const d = this.driver;
    if (this.release) return run<R>(d.writerCache, query);
    if (d.readerCache && SelectQueryNode.is(query.query)) return run<R>(d.readerCache, query);
    return d.runAlone<R>(query);
  }

  // biome-ignore lint/correctness/useYield: streaming is not used by this application
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this SQLite driver');
  }
}

/** What members of a batch get when SQLite itself rolled the shared transaction back (I/O errors). */
function batchLost(): Error {
  return Object.assign(new Error('the shared SQLite transaction was rolled back'), { code: 'SQLITE_ABORT' });
}

export class WalSqliteDriver implements Driver {
  readonly mutex = new Mutex();
  readonly writerCache: PreparedCache;
  readonly readerCache: PreparedCache | undefined;
  /** The open SQLite transaction on the writer, shared by the logical transactions of this turn. */
  private batch: Batch | undefined;
  private flushScheduled = false;
  /** Set once a sync of committed work has failed; every write fails from then on. */
  private broken: Error | undefined;
  /** The sync under way, and the one queued behind it (see `durable`). */
  private runningSync: Promise<void> | undefined;
  private queuedSync: Promise<void> | undefined;

  /** Prepared once: `exec` parses its text on every call, twice per transaction for savepoints. */
  private readonly control: ControlStatements;

  /** `commitSync` is given when COMMIT itself does not wait for the disk (synchronous=NORMAL). */
  constructor(
    private readonly writer: Sqlite,
    private readonly reader: Sqlite | undefined,
    private readonly commitSync?: CommitSync,
  ) {
    this.writerCache = new PreparedCache(writer);
    this.control = controlStatements(writer);
    this.readerCache = reader ? new PreparedCache(reader) : undefined;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  /**
   * Opens the shared transaction unless one is open; the caller holds the mutex. While another
   * process (or another connection in this one) holds the write lock, it waits for it without
   * blocking the event loop: SQLite's own busy wait would sleep on this thread, and a batch of this
   * thread's other connection, waiting for its next turn to commit, would then never let go.
   */
  private async openBatch(): Promise<Batch> {
    if (this.broken) throw this.broken;
    if (this.batch) return this.batch;
    const deadline = Date.now() + BUSY_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
      try {
        this.writer.exec('begin immediate');
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    this.batch = new Batch();
    return this.batch;
  }

  /**
   * A statement outside any transaction that needs the writer (a write, or any statement when
   * there is no reader). Alone it is atomic; it joins the open batch like a transaction would, and
   * answers after the batch's COMMIT so that what it reports is on disk.
   */
  async runAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const release = await this.mutex.lock(WRITER_WAIT_MS);
    let done: Promise<void>;
    let result: QueryResult<R> | undefined;
    let failure: { error: unknown } | undefined;
    try {
      const batch = await this.openBatch();
      try {
        result = run<R>(this.writerCache, query);
      } catch (error) {
        failure = { error };
        // Some errors (I/O, full disk) make SQLite roll back the whole transaction.
        if (!this.writer.inTransaction) this.lose(batch);
      }
      done = this.batch === batch ? batch.join() : Promise.resolve();
    } finally {
      release();
      this.scheduleFlush();
    }
    if (failure) {
      await this.settled(done);
      throw failure.error;
    }
    await done;
    return result as QueryResult<R>;
  }

  /**
   * A failed write is reported only once the batch it ran beside has ended, as PostgreSQL reports
   * a unique violation only once the other transaction has committed: the caller's usual answer to
   * "someone else created it" is to read it, and a read outside a transaction goes to the reader,
   * which sees only committed rows.
   */
  private async settled(batch: Promise<void>): Promise<void> {
    await batch.catch(() => undefined);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    const release = await this.mutex.lock(WRITER_WAIT_MS);
    try {
      await this.openBatch();
      this.control.savepoint.run();
    } catch (error) {
      release();
      this.scheduleFlush();
      throw error;
    }
    conn.release = release;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    const release = conn.release;
    if (!release || !this.batch) throw new Error('no transaction to commit');
    // A failure here leaves `release` set: Kysely then rolls this transaction back.
    this.control.release.run();
    const done = this.batch.join();
    conn.release = undefined;
    release();
    this.scheduleFlush();
    await done;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    const release = conn.release;
    // Not holding the writer: its commit already failed with its batch; there is nothing to undo.
    if (!release) return;
    conn.release = undefined;
    // Waited for after the rollback, for the reason given at `settled`.
    let batchEnd: Promise<void> | undefined;
    try {
      if (this.writer.inTransaction) {
        this.writer.exec(`rollback to ${SAVEPOINT}`);
        this.writer.exec(`release ${SAVEPOINT}`);
        batchEnd = this.batch?.join();
      } else if (this.batch) {
        this.lose(this.batch);
      }
    } catch (error) {
      if (this.batch) this.lose(this.batch);
      throw error;
    } finally {
      release();
      this.scheduleFlush();
    }
    if (batchEnd) await this.settled(batchEnd);
  }

  /** SQLite rolled the shared transaction back: every member that finished fails with it. */
  private lose(batch: Batch): void {
    if (this.writer.inTransaction) this.writer.exec('rollback');
    if (this.batch === batch) this.batch = undefined;
    batch.failed(batchLost());
  }

  /**
   * Commits the open batch once every transaction already waiting for the writer has run: at the
   * end of this turn of the event loop, behind them in the mutex's queue. Those that come later
   * start the next batch.
   */
  private scheduleFlush(): void {
    if (this.flushScheduled || !this.batch) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const release = await this.mutex.lock();
    this.flushScheduled = false;
    const batch = this.batch;
    this.batch = undefined;
    let synced: Promise<void>;
    try {
      if (!batch) return;
      try {
        if (this.writer.inTransaction) this.control.commit.run();
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('rollback');
        batch.failed(error);
        return;
      }
      if (!this.commitSync) {
        batch.committed();
        return;
      }
      synced = this.durable(this.commitSync);
    } finally {
      release();
    }
    // A failed sync rejects with `broken` (startSync), for this group and every later one.
    await synced.then(
      () => batch.committed(),
      (error: unknown) => batch.failed(error),
    );
  }

  /**
   * Resolves once a sync that began after this call has returned. One sync runs at a time, so a
   * group is never told it committed before every earlier group's sync has returned, and after a
   * failed sync no later group is told so either (the kernel may have dropped the pages that
   * failed, which later groups built on). The groups that commit while a sync runs share the one
   * queued behind it.
   */
  private durable(commitSync: CommitSync): Promise<void> {
    if (this.queuedSync) return this.queuedSync;
    const running = this.runningSync;
    if (!running) return this.startSync(commitSync);
    // Queued whether the running sync succeeds or fails: `startSync` refuses once one has failed.
    const next = () => this.startSync(commitSync);
    this.queuedSync = running.then(next, next);
    return this.queuedSync;
  }

  private startSync(commitSync: CommitSync): Promise<void> {
    this.queuedSync = undefined;
    if (this.broken) return Promise.reject(this.broken);
    const run = commitSync.sync().catch((error: unknown) => {
      this.broken ??= syncFailed(error);
      throw this.broken;
    });
    this.runningSync = run;
    const done = () => {
      if (this.runningSync === run) this.runningSync = undefined;
    };
    run.then(done, done);
    return run;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction that was never committed or rolled back must not keep the writer.
    const conn = connection as RoutedConnection;
    if (conn.release) await this.rollbackTransaction(conn);
  }

  async destroy(): Promise<void> {
    // A batch still open commits first: its members are waiting to be told it did.
    if (this.batch) await this.flush();
    await this.queuedSync?.catch(() => undefined);
    await this.runningSync?.catch(() => undefined);
    this.commitSync?.close();
    this.reader?.close();
    this.writer.close();
  }
}

export class WalSqliteDialect implements Dialect {
  constructor(
    private readonly writer: Sqlite,
    private readonly reader: Sqlite | undefined,
    private readonly commitSync?: CommitSync,
  ) {}

  createDriver(): Driver {
    return new WalSqliteDriver(this.writer, this.reader, this.commitSync);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: the introspector takes any database
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

export { CompiledQuery };
