/**
 * SQLite for a server: two connections to one WAL database file.
 * - The writer runs every write and every transaction, one at a time (a mutex), and transactions
 *   take the write lock up front (BEGIN IMMEDIATE), so a read-then-write never fails halfway.
 * - The reader runs plain SELECTs outside transactions. In WAL mode it reads the last committed
 *   state without waiting for the writer, so pages keep loading while a checkout commits, and a
 *   cached read made while a flow holds a transaction can never wait on that same transaction.
 * Prepared statements are cached per connection (better-sqlite3 prepares are not free).
 */
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

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves when it is this caller's turn; call the returned function to let the next one in. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    return previous.then(() => release);
  }
}

class RoutedConnection implements DatabaseConnection {
  /** Set while this connection holds an open transaction on the writer. */
  release: (() => void) | undefined;

  constructor(private readonly driver: WalSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const d = this.driver;
    if (this.release) return run<R>(d.writerCache, query);
    if (d.readerCache && SelectQueryNode.is(query.query)) return run<R>(d.readerCache, query);
    const release = await d.mutex.lock();
    try {
      return run<R>(d.writerCache, query);
    } finally {
      release();
    }
  }

  // biome-ignore lint/correctness/useYield: streaming is not used by this application
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this SQLite driver');
  }
}

export class WalSqliteDriver implements Driver {
  readonly mutex = new Mutex();
  readonly writerCache: PreparedCache;
  readonly readerCache: PreparedCache | undefined;

  constructor(
    private readonly writer: Sqlite,
    private readonly reader: Sqlite | undefined,
  ) {
    this.writerCache = new PreparedCache(writer);
    this.readerCache = reader ? new PreparedCache(reader) : undefined;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    const release = await this.mutex.lock();
    try {
      this.writer.exec('begin immediate');
    } catch (error) {
      release();
      throw error;
    }
    conn.release = release;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    try {
      this.writer.exec('commit');
    } finally {
      this.end(conn);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    try {
      if (this.writer.inTransaction) this.writer.exec('rollback');
    } finally {
      this.end(conn);
    }
  }

  private end(conn: RoutedConnection): void {
    const release = conn.release;
    conn.release = undefined;
    release?.();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction that was never committed or rolled back must not keep the writer.
    const conn = connection as RoutedConnection;
    if (conn.release) {
      if (this.writer.inTransaction) this.writer.exec('rollback');
      this.end(conn);
    }
  }

  async destroy(): Promise<void> {
    this.reader?.close();
    this.writer.close();
  }
}

export class WalSqliteDialect implements Dialect {
  constructor(
    private readonly writer: Sqlite,
    private readonly reader: Sqlite | undefined,
  ) {}

  createDriver(): Driver {
    return new WalSqliteDriver(this.writer, this.reader);
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
