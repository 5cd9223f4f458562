import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness.ts';
import { precompiled, preparedStatementName } from './precompiled.ts';

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
});
