import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/harness.ts';
import { inTransaction } from './database.ts';

// The tests' PostgreSQL pool refuses a query made through the pool inside an open transaction
// (database.ts): under load such reads hang every transaction that makes one.
describe.runIf(DIALECTS.includes('postgres'))('pool reads inside transactions [postgres]', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('postgres');
  });
  afterAll(() => t.cleanup());

  const countParams = async (db = t.db.kysely) =>
    (
      await db
        .selectFrom('params')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('fails a pool read made inside a transaction at once, and the transaction with it', async () => {
    await expect(inTransaction(t.db.kysely, async () => countParams())).rejects.toThrow(
      'a query went through the pool inside an open transaction',
    );
  });

  it('lets the transaction itself read, and the pool read again once it has ended', async () => {
    expect(await inTransaction(t.db.kysely, (tx) => countParams(tx))).toBeDefined();
    let later: Promise<unknown> | undefined;
    await inTransaction(t.db.kysely, async (tx) => {
      // Work the transaction started but that runs after it ended is not inside it.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => countParams());
      return countParams(tx);
    });
    expect(await later).toBeDefined();
  });
});
