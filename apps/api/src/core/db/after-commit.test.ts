import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/harness.ts';
import { afterCommit, inTransaction } from './database.ts';

for (const dialect of DIALECTS) {
  describe(`work after a commit [${dialect}]`, () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb(dialect);
    });
    afterAll(() => t.cleanup());

    it('runs once the transaction has committed, in the order asked, and never again', async () => {
      const seen: string[] = [];
      const result = await inTransaction(t.db.kysely, async (tx) => {
        afterCommit(tx, () => seen.push('first'));
        await tx.selectFrom('params').select('code').limit(1).execute();
        afterCommit(tx, () => seen.push('second'));
        expect(seen).toEqual([]);
        return 7;
      });
      expect(result).toBe(7);
      expect(seen).toEqual(['first', 'second']);
      await inTransaction(t.db.kysely, async () => {});
      expect(seen).toEqual(['first', 'second']);
    });

    it('never runs for a transaction that rolled back', async () => {
      const seen: string[] = [];
      await expect(
        inTransaction(t.db.kysely, async (tx) => {
          afterCommit(tx, () => seen.push('rolled back'));
          throw new Error('the flow failed');
        }),
      ).rejects.toThrow('the flow failed');
      expect(seen).toEqual([]);
    });

    it('ignores the database itself and transactions opened elsewhere: it only ever spares work', async () => {
      const seen: string[] = [];
      afterCommit(t.db.kysely, () => seen.push('no transaction'));
      await t.db.kysely
        .transaction()
        .execute(async (tx) => afterCommit(tx, () => seen.push('opened elsewhere')));
      await inTransaction(t.db.kysely, async () => {});
      expect(seen).toEqual([]);
    });
  });
}
