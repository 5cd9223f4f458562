/**
 * Durable commits off the event loop's thread: the writer commits with synchronous=NORMAL and the
 * driver reports a group only once a sync that began after its COMMIT has returned. A failed sync
 * fails the group and every write after it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, openDatabase } from './database.ts';
import type { Database } from './schema.ts';
import { type CommitSync, WalFileSync, WalSqliteDialect } from './sqlite-group-commit.ts';

/** A sync the test finishes by hand, one call at a time. */
class HeldSync implements CommitSync {
  readonly calls: { done: () => void; fail: (error: Error) => void }[] = [];
  closed = false;
  sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.calls.push({ done: resolve, fail: reject });
    });
  }
  close(): void {
    this.closed = true;
  }
}

/** Lets the driver's flush (a setImmediate) and the promises around it run. */
async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('SQLite commits synced off the event loop', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mall-commit-sync-'));
    file = join(dir, 'test.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function openWith(commitSync: CommitSync) {
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    const reader = new SQLite(file, { readonly: true });
    return new Kysely<Database>({ dialect: new WalSqliteDialect(writer, reader, commitSync) });
  }

  /** A database with table `t`, whose sync the test releases by hand (the CREATE's is released). */
  async function openWithTable(): Promise<{ held: HeldSync; db: Kysely<Database> }> {
    const held = new HeldSync();
    const db = openWith(held);
    const create = sql`create table t (id text primary key)`.execute(db);
    await turns();
    held.calls.shift()?.done();
    await create;
    return { held, db };
  }

  const insert = (db: Kysely<Database>, id: string) =>
    inTransaction(db, async (tx) => {
      await sql`insert into t (id) values (${id})`.execute(tx);
    });

  it('reports a group only when the sync begun after its COMMIT returns', async () => {
    const { held, db } = await openWithTable();

    const settled: string[] = [];
    const first = Promise.all([insert(db, 'a'), insert(db, 'b')]).then(() => settled.push('a+b'));
    await turns();
    // Committed (a reader sees the rows), but the disk has not answered yet: nobody is told.
    expect(held.calls).toHaveLength(1);
    expect(settled).toEqual([]);

    // Two more groups commit while the first group's sync is still under way. Their sync waits for
    // that one, so neither can be told before the first group is on the disk, and they share it.
    const second = insert(db, 'c').then(() => settled.push('c'));
    await turns();
    const third = insert(db, 'd').then(() => settled.push('d'));
    await turns();
    expect(held.calls).toHaveLength(1);
    held.calls[0]?.done();
    await first;
    await turns();
    expect(settled).toEqual(['a+b']);
    expect(held.calls).toHaveLength(2);
    held.calls[1]?.done();
    await Promise.all([second, third]);
    expect(settled).toEqual(['a+b', 'c', 'd']);
    expect(held.calls).toHaveLength(2);

    await db.destroy();
    expect(held.closed).toBe(true);
  });

  it('a failed sync fails its group and every write after it', async () => {
    const { held, db } = await openWithTable();

    const lost = Promise.allSettled([insert(db, 'a'), insert(db, 'b')]);
    await turns();
    // A group that commits while the failing sync is under way is never told it committed.
    const after = Promise.allSettled([insert(db, 'c')]);
    await turns();
    held.calls.shift()?.fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    const outcomes = [...(await lost), ...(await after)];
    expect(outcomes).toHaveLength(3);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_IOERR' } });
    }
    // What the disk holds is unknown: the process refuses to write until it is restarted.
    await expect(insert(db, 'e')).rejects.toMatchObject({ code: 'SQLITE_IOERR' });
    await expect(sql`insert into t (id) values ('d')`.execute(db)).rejects.toMatchObject({
      code: 'SQLITE_IOERR',
    });
    expect(held.calls).toHaveLength(0);
    await db.destroy();
  });

  it('a durable database commits with NORMAL, syncs the WAL itself, and keeps journals in memory', async () => {
    const db = openDatabase({ sqliteFile: file, groupCommit: true });
    try {
      await sql`create table t (id text primary key)`.execute(db.kysely);
      await Promise.all(['a', 'b', 'c'].map((id) => insert(db.kysely, id)));
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db.kysely)).rows[0] ?? {},
        )[0];
      // The pragmas are the writer's; a pragma outside a transaction runs on the writer.
      expect(await pragma('synchronous')).toBe(1n);
      expect(await pragma('temp_store')).toBe(2n);
      expect(await pragma('wal_autocheckpoint')).toBe(4000n);
      expect(existsSync(`${file}-wal`)).toBe(true);
      const outside = new SQLite(file, { readonly: true });
      expect(outside.prepare('select count(*) as n from t').get()).toEqual({ n: 3 });
      outside.close();
    } finally {
      await db.close();
    }
  });

  it('the WAL sync flushes a real file and can be closed and reused', async () => {
    const path = join(dir, 'some-wal');
    new SQLite(path).close();
    const walSync = new WalFileSync(path);
    await walSync.sync();
    await walSync.sync();
    walSync.close();
    await walSync.sync();
    walSync.close();
    await expect(new WalFileSync(join(dir, 'missing')).sync()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
