import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDb, describeEachDialect, type TestDb } from '../../test/harness.ts';
import { ManualClock } from '../clock.ts';
import { JobRunner } from './jobs.ts';

describeEachDialect('durable jobs', (dialect) => {
  let t: TestDb;
  let clock: ManualClock;
  beforeEach(async () => {
    t = await createTestDb(dialect);
    clock = new ManualClock(1_000_000);
  });
  afterEach(() => t.cleanup());

  const status = async () =>
    (await t.db.kysely.selectFrom('jobs').select(['type', 'status', 'attempts', 'last_error']).execute()).map(
      (r) => ({
        ...r,
        attempts: Number(r.attempts),
      }),
    );

  it('runs a job once when it is due, not before', async () => {
    const runner = new JobRunner(t.db.kysely, dialect, clock);
    const seen: unknown[] = [];
    runner.register('order.timeout', async (payload) => {
      seen.push(payload);
    });
    await runner.schedule(t.db.kysely, {
      type: 'order.timeout',
      payload: { orderId: 'A1' },
      runAt: 1_060_000,
    });
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ orderId: 'A1' }]);
    expect(await status()).toEqual([
      { type: 'order.timeout', status: 'done', attempts: 1, last_error: null },
    ]);
  });

  it('ignores a second job with the same dedupe key', async () => {
    const runner = new JobRunner(t.db.kysely, dialect, clock);
    runner.register('x', async () => {});
    await runner.schedule(t.db.kysely, { type: 'x', runAt: 0, dedupeKey: 'x:1' });
    await runner.schedule(t.db.kysely, { type: 'x', runAt: 0, dedupeKey: 'x:1' });
    expect(await runner.runDue()).toBe(1);
  });

  it('is written with the transaction that schedules it, and not when it rolls back', async () => {
    const runner = new JobRunner(t.db.kysely, dialect, clock);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await runner.schedule(trx, { type: 'x', runAt: 0 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await status()).toEqual([]);
  });

  it('retries a failing job with back-off, then marks it failed', async () => {
    const runner = new JobRunner(t.db.kysely, dialect, clock);
    let calls = 0;
    runner.register('flaky', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    await runner.schedule(t.db.kysely, { type: 'flaky', runAt: clock.now(), maxAttempts: 3 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0); // backing off
    clock.advance(2_000);
    expect(await runner.runDue()).toBe(1);
    clock.advance(4_000);
    expect(await runner.runDue()).toBe(1);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(await status()).toEqual([{ type: 'flaky', status: 'failed', attempts: 3, last_error: 'boom 3' }]);
  });

  it('gives a job whose worker died to another worker once the lease ends', async () => {
    const dead = new JobRunner(t.db.kysely, dialect, clock, { leaseMs: 30_000, workerId: 'dead' });
    dead.register('x', () => new Promise(() => {})); // never finishes: the process "died"
    const alive = new JobRunner(t.db.kysely, dialect, clock, { leaseMs: 30_000, workerId: 'alive' });
    let ran = 0;
    alive.register('x', async () => {
      ran++;
    });
    await alive.schedule(t.db.kysely, { type: 'x', runAt: 0 });
    void dead.runDue();
    // Wait for the claim itself, not for a time: a loaded machine may take longer than any pause.
    const claimedByDead = async () =>
      (await t.db.kysely.selectFrom('jobs').select('locked_by').executeTakeFirst())?.locked_by === 'dead';
    for (let i = 0; i < 500 && !(await claimedByDead()); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await claimedByDead()).toBe(true);
    expect(await alive.runDue()).toBe(0);
    clock.advance(31_000);
    expect(await alive.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('runs each job exactly once when several workers poll together', async () => {
    const ran = new Map<string, number>();
    const workers = [0, 1, 2].map((i) => {
      const w = new JobRunner(t.db.kysely, dialect, clock, { workerId: `w${i}`, batchSize: 3 });
      w.register('x', async (payload) => {
        const key = String((payload as { n: number }).n);
        ran.set(key, (ran.get(key) ?? 0) + 1);
      });
      return w;
    });
    for (let n = 0; n < 30; n++)
      await workers[0]!.schedule(t.db.kysely, { type: 'x', payload: { n }, runAt: 0 });
    const counts = await Promise.all(workers.map((w) => w.runDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(ran.size).toBe(30);
    expect([...ran.values()].every((v) => v === 1)).toBe(true);
  });
});
