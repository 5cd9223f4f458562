/**
 * Kysely's own SqliteDialect over one better-sqlite3 connection, extended in three small ways:
 * - transactions begin with BEGIN IMMEDIATE (DESIGN §4): the write lock is taken up front, so a
 *   transaction that reads and then writes never fails halfway on a lock upgrade;
 * - a caller waits at most `WRITER_WAIT_MS` for the connection (Kysely's own wait has no end): a
 *   query made through the database while its caller holds a transaction on it would otherwise
 *   wait for itself for good, and every later query of the process behind it;
 * - statements are prepared once per SQL text and kept (Kysely prepares on every call; better-sqlite3
 *   recommends preparing once).
 * Everything else (queries, savepoints, results, closing) is Kysely's driver unchanged. Grouped
 * commits and syncing the WAL off the event loop's thread were removed: see docs/decisions.
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** How long a query or transaction waits for its turn on the connection before it fails as busy. */
export const WRITER_WAIT_MS = 30_000;

const MAX_CACHED_STATEMENTS = 1000;

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(database: BetterSqlite3.Database) {
    const config = { database: statementCache(database) };
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #turns = new Turns();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take(WRITER_WAIT_MS);
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#turns.pass();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** One holder at a time, first come first served; a waiter gives up after a time (SQLITE_BUSY). */
class Turns {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  take(timeoutMs: number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(grant), 1);
        reject(
          Object.assign(new Error(`waited ${timeoutMs} ms for the SQLite connection`), {
            code: 'SQLITE_BUSY',
          }),
        );
      }, timeoutMs);
      this.waiters.push(grant);
    });
  }

  pass(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

/** The connection as Kysely's driver sees it, with each SQL text prepared once. */
function statementCache(db: BetterSqlite3.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => db.close(),
  };
}
