/**
 * The risk operator's overdue list (issue 30), on both dialects: three loans late by different
 * days and amounts; the list sorts by days overdue, by the amount due now and by the overdue
 * interest, each way round, and each row carries what the console shows (the late instalments'
 * amounts and accrued overdue interest).
 */
import { BRANDS } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { verifyIdentity } from '../verification/verification.test-helpers.ts';

const DAY = 86_400_000;

describeEachDialect('the overdue loans list', (dialect) => {
  let t: TestApp;
  let risk: Registered;
  const live: Registered[] = [];
  const post = (url: string, payload: Record<string, unknown>, user?: Registered) =>
    call(t, 'POST', url, payload, { token: user?.token });

  /** Sessions slide 7 days: time travel keeps them alive with a heartbeat per step. */
  async function travel(ms: number) {
    for (let left = ms; left > 0; left -= 6 * DAY) {
      t.clock.advance(Math.min(left, 6 * DAY));
      for (const user of live) await call(t, 'POST', '/api/user!heartbeat.action', {}, { token: user.token });
    }
    await t.services.jobs.runDue();
  }

  async function lateLoan(name: string, amount: string): Promise<string> {
    const user = await register(t);
    live.push(user);
    await verifyIdentity(t, user, risk, 'c3', name);
    const applied = await post(
      '/api/loan/apply',
      {
        realName: name,
        nationality: 'China',
        idType: 'passport',
        idNumber: 'E12345678',
        idPhoto: (await uploadImage(t, user.token, 'verification', PNG)).data.data,
        amount,
        termDays: 90,
        method: 'instalments',
        agree: true,
      },
      user,
    );
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    expect((await post('/api/admin/loans/approve', { id: applied.data.id }, risk)).code).toBe(0);
    return applied.data.id as string;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // New accounts with no history borrow here: underwriting is not the subject (loan-eligibility.test.ts).
    const brand = BRANDS.find((b) => b.key === 'novamart')!;
    await t.services.params.set(brand, 'loan_min_account_age_days', '0');
    await t.services.params.set(brand, 'loan_limit_base', '30000000');
    risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
    live.push(risk);
  });
  afterAll(() => t.close());

  it('sorts by days overdue, amount due now and overdue interest, each way round', async () => {
    // Oldest and smallest; then a larger one 5 days later; then the largest 10 days after that.
    const small = await lateLoan('Li Wei', '100000');
    await travel(5 * DAY);
    const large = await lateLoan('Wang Fang', '300000');
    await travel(10 * DAY);
    const largest = await lateLoan('Zhao Lei', '900000');
    // 32 days after the last approval: all three have their first instalment late (by 17, 12, 2 days).
    await travel(32 * DAY);
    const list = async (sort: string, order: string) =>
      (await post('/api/admin/loans/list', { status: 'overdue', sort, order }, risk)).data.pageList.map(
        (l: { id: string }) => l.id,
      );
    expect(await list('daysOverdue', 'desc')).toEqual([small, large, largest]);
    expect(await list('daysOverdue', 'asc')).toEqual([largest, large, small]);
    expect(await list('dueNow', 'desc')).toEqual([largest, large, small]);
    expect(await list('dueNow', 'asc')).toEqual([small, large, largest]);
    // 300,000 late 12 days accrues more than 900,000 late 2 days, or 100,000 late 17.
    expect(await list('overdueInterest', 'desc')).toEqual([large, largest, small]);

    const rows = (await post('/api/admin/loans/list', { status: 'overdue', sort: 'daysOverdue' }, risk)).data
      .pageList;
    const first = rows[0].instalments[0];
    expect(first).toMatchObject({ seq: 1, status: 'overdue' });
    expect(Number(first.overdueInterest)).toBeGreaterThan(0);
  });
});
