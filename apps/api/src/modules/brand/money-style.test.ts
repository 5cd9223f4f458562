/**
 * Issue 28: one way to write amounts per brand ("12.50 USDT" or "$12.50"), part of the brand the
 * storefront is served with and changed by the brand's admin like any other setting.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';

describeEachDialect('brand: money style', (dialect) => {
  let t: TestApp;
  let admin: Registered;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
  });
  afterAll(() => t.close());

  it('is the built-in style until an admin changes it; only known styles are taken', async () => {
    expect((await call(t, 'GET', '/api/brand', {})).data.moneyStyle).toBe('code');
    expect((await call(t, 'GET', '/api/brand', {}, { host: 'lumen.localhost' })).data.moneyStyle).toBe(
      'symbol',
    );
    const update = (moneyStyle: unknown) =>
      call(t, 'POST', '/api/admin/brand/update', { moneyStyle }, { token: admin.token });
    expect(await update('euro')).toMatchObject({ key: 'PARAMETER_ERROR' });
    const changed = await update('symbol');
    expect(changed.data.overridden).toEqual(['moneyStyle']);
    expect((await call(t, 'GET', '/api/brand', {})).data.moneyStyle).toBe('symbol');
    expect((await update('code')).data.overridden).toEqual([]);
    expect((await call(t, 'GET', '/api/brand', {})).data.moneyStyle).toBe('code');
  });
});
