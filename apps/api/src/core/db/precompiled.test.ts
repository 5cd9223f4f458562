import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness.ts';
import { PrecompiledMisuse, precompiled, preparedStatementName } from './precompiled.ts';

describe('precompiled queries', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
  });
  afterAll(() => t.cleanup());

  const byBrand = precompiled<{ brand: string }>((db, p) =>
    db.selectFrom('params').select(['code', 'value']).where('brand', '=', p.brand),
  );
  const everyColumn = precompiled<{ brand: string }>((db, p) =>
    db.selectFrom('params').selectAll().where('brand', '=', p.brand),
  );

  it('runs with each call its own values', async () => {
    expect((await byBrand(t.db.kysely, { brand: 'nobody' })).rows).toEqual([]);
    expect((await everyColumn(t.db.kysely, { brand: 'nobody' })).rows).toEqual([]);
  });

  it('names its SQL for PostgreSQL to prepare once, except select * (a new column would break it)', async () => {
    // A query is named when it first runs.
    await byBrand(t.db.kysely, { brand: 'x' });
    await everyColumn(t.db.kysely, { brand: 'x' });
    const sqlOf = (q: { compile(): { sql: string } }) => q.compile().sql;
    const plain = sqlOf(t.db.kysely.selectFrom('params').select(['code', 'value']).where('brand', '=', 'x'));
    const all = sqlOf(t.db.kysely.selectFrom('params').selectAll().where('brand', '=', 'x'));
    expect(preparedStatementName(plain)).toMatch(/^mall_\d+$/);
    expect(preparedStatementName(all)).toBeUndefined();
    expect(preparedStatementName('select 1')).toBeUndefined();
  });

  it('refuses a value changed inside its builder instead of binding undefined', async () => {
    const shifted = precompiled<{ brand: string; n: number }>((db, p) =>
      db
        .selectFrom('params')
        .select('code')
        .where('brand', '=', p.brand)
        .limit((p.n as number) + 1),
    );
    await expect(shifted(t.db.kysely, { brand: 'x', n: 1 })).rejects.toThrow(PrecompiledMisuse);
    const sliced = precompiled<{ brand: string }>((db, p) =>
      db.selectFrom('params').select('code').where('brand', '=', `${p.brand}-copy`),
    );
    await expect(sliced(t.db.kysely, { brand: 'x' })).rejects.toThrow(/brand was used inside the builder/);
  });

  it('refuses a value the built query does not bind, and a later call without a key', async () => {
    const compared = precompiled<{ brand: string; all: boolean }>((db, p) => {
      const q = db.selectFrom('params').select('code');
      return p.all === true ? q : q.where('brand', '=', p.brand);
    });
    await expect(compared(t.db.kysely, { brand: 'x', all: false })).rejects.toThrow(/all are not parameters/);
    const byCode = precompiled<{ brand: string; code: string }>((db, p) =>
      db.selectFrom('params').select('value').where('brand', '=', p.brand).where('code', '=', p.code),
    );
    expect((await byCode(t.db.kysely, { brand: 'x', code: 'y' })).rows).toEqual([]);
    await expect(byCode(t.db.kysely, { brand: 'x' } as never)).rejects.toThrow(/called without code/);
  });
});
