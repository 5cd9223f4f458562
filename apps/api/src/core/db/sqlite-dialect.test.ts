/**
 * SQLite through Kysely's own dialect (sqlite-dialect.ts): the pragmas of DESIGN §4, transactions
 * that take the write lock up front (BEGIN IMMEDIATE), each committing or failing alone, and a
 * caller that waits for itself failing instead of hanging.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, inTransaction, openDatabase } from './database.ts';
import { precompiled } from './precompiled.ts';
import { WRITER_WAIT_MS } from './sqlite-dialect.ts';

describe('SQLite through Kysely', () => {
  let dir: string;
  let file: string;
  let db: Db;
  /** A second connection, outside Kysely: it sees only what is committed. */
  let outside: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mall-sqlite-'));
    file = join(dir, 'test.sqlite');
    db = openDatabase({ sqliteFile: file, durability: 'fast' });
    await sql`create table t (id text primary key, n integer not null)`.execute(db.kysely);
    outside = new SQLite(file);
  });
  afterEach(async () => {
    outside.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = () =>
    (outside.prepare('select id from t order by id').all() as { id: string }[]).map((r) => r.id);
  const insert = (id: string) =>
    inTransaction(db.kysely, async (tx) => {
      await sql`insert into t (id, n) values (${id}, 1)`.execute(tx);
    });

  it('a server database is WAL, synchronous=FULL, with foreign keys and a busy timeout', async () => {
    const durable = openDatabase({ sqliteFile: join(dir, 'durable.sqlite') });
    try {
      const pragma = async (name: string) =>
        Object.values(((await sql.raw(`pragma ${name}`).execute(durable.kysely)).rows[0] ?? {}) as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2n); // FULL
      expect(await pragma('foreign_keys')).toBe(1n);
      expect(await pragma('busy_timeout')).toBe(5000n);
    } finally {
      await durable.close();
    }
  });

  it('a transaction holds the write lock from its start, even before it writes (BEGIN IMMEDIATE)', async () => {
    outside.pragma('busy_timeout = 0');
    await inTransaction(db.kysely, async (tx) => {
      await sql`select count(*) from t`.execute(tx);
      expect(() => outside.exec('begin immediate')).toThrow(/locked|busy/i);
    });
    outside.exec('begin immediate');
    outside.exec('rollback');
  });

  it('commits concurrent transactions; a failing one undoes only its own work', async () => {
    const results = await Promise.allSettled([
      insert('a'),
      inTransaction(db.kysely, async (tx) => {
        await sql`insert into t (id, n) values ('b', 1)`.execute(tx);
        throw new Error('refused');
      }),
      insert('c'),
      insert('a'), // a duplicate of the first: fails alone
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(committed()).toEqual(['a', 'c']);
  });

  it('reports a transaction only once its writes are on the file', async () => {
    await Promise.all(
      ['a', 'b', 'c'].map(async (id) => {
        await insert(id);
        expect(committed()).toContain(id);
      }),
    );
  });

  it('reports a duplicate only once the row it collided with is committed, in or out of a transaction', async () => {
    // The usual answer to a unique violation is to read the other writer's row; reads outside a
    // transaction must see the row the violation was about.
    const findOrCreate = async (id: string, inTx: boolean): Promise<string> => {
      const read = async () =>
        (
          (await db.kysely
            .selectFrom('t' as never)
            .select('id' as never)
            .where('id' as never, '=', id as never)
            .executeTakeFirst()) as { id: string } | undefined
        )?.id;
      const found = await read();
      if (found) return `found ${found}`;
      try {
        const write = sql`insert into t (id, n) values (${id}, 1)`;
        if (inTx) await inTransaction(db.kysely, (tx) => write.execute(tx));
        else await write.execute(db.kysely);
        return `created ${id}`;
      } catch {
        return `raced, then read ${await read()}`;
      }
    };
    for (const inTx of [false, true]) {
      const id = inTx ? 'in' : 'out';
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => findOrCreate(id, inTx)));
      expect(outcomes.filter((o) => o === `created ${id}`)).toHaveLength(1);
      expect(outcomes.filter((o) => o !== `created ${id}`)).toEqual(Array(4).fill(`raced, then read ${id}`));
    }
  });

  it('fails a write that waits for the writer held by its own caller, instead of hanging', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const outcome = inTransaction(db.kysely, async (tx) => {
        await sql`insert into t (id, n) values ('held', 1)`.execute(tx);
        // A write outside the transaction while holding it: it can never get the connection.
        const failure = sql`insert into t (id, n) values ('outside', 1)`.execute(db.kysely).then(
          () => undefined,
          (error: unknown) => error,
        );
        await vi.advanceTimersByTimeAsync(WRITER_WAIT_MS);
        const error = await failure;
        if (error) throw error;
      });
      await expect(outcome).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    } finally {
      vi.useRealTimers();
    }
    expect(committed()).toEqual([]);
    // The connection is free again.
    await insert('after');
    expect(committed()).toEqual(['after']);
  });

  it('precompiled queries run with each call’s values', async () => {
    const add = precompiled<{ id: string; n: number }>((k, p) =>
      k.insertInto('t' as never).values({ id: p.id, n: p.n } as never),
    );
    const one = precompiled<{ id: string }, { id: string; n: bigint }>((k, p) =>
      k
        .selectFrom('t' as never)
        .select(['id', 'n'] as never)
        .where('id' as never, '=', p.id as never),
    );
    await add(db.kysely, { id: 'p', n: 5 });
    await inTransaction(db.kysely, (tx) => add(tx, { id: 'q', n: 7 }));
    expect((await one(db.kysely, { id: 'q' })).rows).toEqual([{ id: 'q', n: 7n }]);
    expect((await one(db.kysely, { id: 'p' })).rows).toEqual([{ id: 'p', n: 5n }]);
  });
});
