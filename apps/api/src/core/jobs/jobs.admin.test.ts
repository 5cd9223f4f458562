import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, grantRoles, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';

describeEachDialect('failed jobs in the console', (dialect) => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  let failing = true;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_DONE_RETENTION_DAYS: '1' } });
    const a = await register(t);
    await grantRoles(t, a.userId, ['admin']);
    admin = a.token;
    buyer = (await register(t)).token;
    t.services.jobs.register('test.flaky', async () => {
      if (failing) throw new Error('the gateway answered 502');
    });
  });
  afterAll(() => t.close());

  it('keep their error and attempts, are listed to admins only, and run again on retry', async () => {
    await t.services.jobs.schedule(t.db.kysely, { type: 'test.flaky', runAt: t.clock.now(), maxAttempts: 2 });
    await t.services.jobs.runDue();
    t.clock.advance(60_000);
    await t.services.jobs.runDue();
    const list = await call(t, 'GET', '/api/admin/jobs/failed', {}, { token: admin });
    expect(list.data.pageInfo.total).toBe(1);
    const [job] = list.data.pageList;
    expect(job).toMatchObject({
      type: 'test.flaky',
      attempts: 2,
      maxAttempts: 2,
      lastError: 'the gateway answered 502',
    });
    expect(await call(t, 'GET', '/api/admin/jobs/failed', {}, { token: buyer })).toMatchObject({
      key: 'NO_PERMISSION',
    });

    failing = false;
    expect(await call(t, 'POST', '/api/admin/jobs/retry', { id: job.id }, { token: admin })).toMatchObject({
      code: 0,
    });
    expect(await call(t, 'POST', '/api/admin/jobs/retry', { id: job.id }, { token: admin })).toMatchObject({
      key: 'JOB_NOT_FAILED',
    });
    expect(await t.services.jobs.runDue()).toBe(1);
    expect((await call(t, 'GET', '/api/admin/jobs/failed', {}, { token: admin })).data.pageInfo.total).toBe(
      0,
    );
    const row = await t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    expect(Number(row.attempts)).toBe(3);
  });

  it('prunes done jobs after the retention, and keeps failed ones', async () => {
    failing = true;
    await t.services.jobs.schedule(t.db.kysely, { type: 'test.flaky', runAt: t.clock.now(), maxAttempts: 1 });
    await t.services.jobs.runDue();
    const count = async (status: string) =>
      Number(
        (
          await t.db.kysely
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status as 'done')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const done = await count('done');
    expect(done).toBeGreaterThan(0);
    expect(await t.services.jobs.pruneDone()).toBe(0);
    t.clock.advance(86_400_000 + 1);
    expect(await t.services.jobs.pruneDone()).toBe(done);
    expect(await count('done')).toBe(0);
    expect(await count('failed')).toBe(1);
  });
});
