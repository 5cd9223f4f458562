/**
 * Issue 26, underwriting: sign-ups and sign-ins record the storefront's device id and the client
 * address (session module), and the risk operator's applicant profile lists the other accounts of
 * the brand that share a device (a reason to refuse) or an address (listed only); loopback
 * addresses and other brands never count. The user view lists the applicant's loan.
 */
import { BRANDS } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';

describeEachDialect('applicant profile: accounts sharing devices and addresses', (dialect) => {
  let t: TestApp;
  let risk: Registered;
  const novamart = BRANDS.find((b) => b.key === 'novamart')!;
  const post = (url: string, payload: Record<string, unknown>, user: Registered) =>
    call(t, 'POST', url, payload, { token: user.token });
  const login = (user: Registered, ip: string, deviceId?: string) =>
    call(
      t,
      'POST',
      '/api/login',
      { username: user.email, password: user.password, ...(deviceId ? { deviceId } : {}) },
      { ip },
    );
  const rowsOf = async (userId: string) =>
    (
      await t.db.kysely
        .selectFrom('sign_in_devices')
        .select(['device_id', 'ip', 'first_event', 'times'])
        .where('user_id', '=', userId)
        .orderBy('ip')
        .execute()
    ).map((r) => ({ ...r, times: Number(r.times) }));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.services.params.set(novamart, 'verify_level_loan', '1');
    await t.services.params.set(novamart, 'loan_min_account_age_days', '0');
    await t.services.params.set(novamart, 'loan_limit_base', '30000000');
    risk = await register(t);
    await grantRoles(t, risk.userId, ['risk']);
  });
  afterAll(() => t.close());

  it('records where accounts sign up and in, and lists who shares a device or an address', async () => {
    const device = 'dev-applicant-0001';
    const applicant = await register(t, { deviceId: device }, { ip: '10.77.0.1' });
    expect(await rowsOf(applicant.userId)).toEqual([
      { device_id: device, ip: '10.77.0.1', first_event: 'register', times: 1 },
    ]);
    // The same browser and address again: one row, counted; through a local proxy: another row.
    expect((await login(applicant, '10.77.0.1', device)).code).toBe(0);
    expect((await login(applicant, '::ffff:127.0.0.1', device)).code).toBe(0);
    expect(await rowsOf(applicant.userId)).toEqual([
      { device_id: device, ip: '10.77.0.1', first_event: 'register', times: 2 },
      { device_id: device, ip: '127.0.0.1', first_event: 'login', times: 1 },
    ]);

    const sameDevice = await register(t, { deviceId: device }, { ip: '10.77.0.2' });
    const sameAddress = await register(t, { deviceId: 'dev-other-0003' }, { ip: '10.77.0.3' });
    expect((await login(sameAddress, '10.77.0.1')).code).toBe(0);
    // Only the loopback address in common: not a person's address, not listed.
    const local = await register(t, {}, { ip: '127.0.0.1' });
    // Another brand's account on the same device is not the brand's business.
    await register(t, { deviceId: device }, { ip: '10.77.0.1', host: 'lumen.localhost' });
    // A malformed device id is refused, and nothing is recorded.
    const bad = await call(
      t,
      'POST',
      '/api/login',
      { username: sameDevice.email, password: sameDevice.password, deviceId: 'x y' },
      { ip: '10.77.0.9' },
    );
    expect(bad.key).toBe('PARAMETER_ERROR');
    expect((await rowsOf(sameDevice.userId)).map((r) => r.ip)).toEqual(['10.77.0.2']);

    // The applicant, verified, applies for a loan.
    const photo = (await uploadImage(t, applicant.token, 'verification', PNG)).data.data as string;
    await post(
      '/api/identity/realname/submit',
      { realName: 'Li Wei', idNumber: 'E12345678', nationality: 'China', frontImg: photo, backImg: photo },
      applicant,
    );
    const list = await post('/api/admin/identity/list', { status: 'pending', pageSize: 100 }, risk);
    const pending = list.data.pageList.find((a: { userId: string }) => a.userId === applicant.userId);
    expect((await post('/api/admin/identity/review', { id: pending.id, approve: true }, risk)).code).toBe(0);
    const applied = await post(
      '/api/loan/apply',
      {
        realName: 'Li Wei',
        nationality: 'China',
        idType: 'passport',
        idNumber: 'E12345678',
        idPhoto: photo,
        amount: '100000',
        termDays: 90,
        method: 'maturity',
        agree: true,
      },
      applicant,
    );
    expect(applied.code, JSON.stringify(applied)).toBe(0);

    const profile = await post('/api/admin/loans/profile', { id: applied.data.id }, risk);
    expect(profile.code, JSON.stringify(profile)).toBe(0);
    expect(profile.data.sharing).toEqual([
      { userId: sameDevice.userId, username: sameDevice.username, via: 'device' },
      { userId: sameAddress.userId, username: sameAddress.username, via: 'ip' },
    ]);
    expect(profile.data.sharing.map((s: { userId: string }) => s.userId)).not.toContain(local.userId);
    expect(profile.data.suggestion.decision).toBe('refuse');
    expect(profile.data.suggestion.reasons).toContain('shared_device');

    // The user view lists the application among the user's loans.
    const detail = await post('/api/admin/user/detail', { id: applicant.userId }, risk);
    expect(detail.data.loans.total).toBe(1);
    expect(detail.data.loans.list[0]).toMatchObject({
      id: applied.data.id,
      status: 'applying',
      amount: '100000',
      termDays: 90,
    });
    expect(detail.data.loans.list[0]).not.toHaveProperty('idNumber');
  });
});
