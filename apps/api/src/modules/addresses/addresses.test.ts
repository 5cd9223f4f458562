import { BRANDS } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, countRows, register } from '../accounts/accounts.test-helpers.ts';

const valid = {
  name: 'Li Lei',
  email: 'lilei01@shop.com',
  areaCode: '86',
  phone: '13800001111',
  nation: 'China',
  state: 'Guangdong',
  city: 'Shenzhen',
  postCode: '518000',
  address: 'No. 1 Science Park Road',
};

describeEachDialect('shipping addresses', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const add = (token: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/user/address/add', { ...valid, ...extra }, { token });
  const list = async (token: string) => (await call(t, 'POST', '/api/user/address/list', {}, { token })).data;

  it('adds three, the first is the default, makes another the default: always exactly one', async () => {
    const u = await register(t);
    const a = (await add(u.token)).data;
    expect(a.use).toBe(1);
    const b = (await add(u.token, { name: 'Han Meimei' })).data;
    const c = (await add(u.token, { name: 'Wang Wu', use: 1 })).data;
    expect(b.use).toBe(0);
    expect(c.use).toBe(1);
    let rows = await list(u.token);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(rows.filter((r: { use: number }) => r.use === 1)).toHaveLength(1);
    const edited = await call(
      t,
      'POST',
      '/api/user/address/edit',
      { ...valid, id: b.id, city: 'Guangzhou', use: '1' },
      { token: u.token },
    );
    expect(edited.data).toMatchObject({ city: 'Guangzhou', use: 1 });
    rows = await list(u.token);
    expect(rows.filter((r: { use: number }) => r.use === 1).map((r: { id: string }) => r.id)).toEqual([b.id]);
    // Deleting the default makes the newest remaining one the default.
    expect(await call(t, 'POST', '/api/user/address/del', { id: b.id }, { token: u.token })).toMatchObject({
      code: 0,
    });
    rows = await list(u.token);
    expect(rows.map((r: { id: string; use: number }) => [r.id, r.use])).toEqual([
      [c.id, 1],
      [a.id, 0],
    ]);
  });

  it('refuses each bad field with its catalogue key and writes nothing', async () => {
    const u = await register(t);
    const before = await countRows(t, 'addresses');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'ADDRESS_EMPTY'],
      [{ address: '   ' }, 'ADDRESS_EMPTY'],
      [{ name: 'x'.repeat(65) }, 'ADDRESS_TOO_LONG'],
      [{ email: `${'a'.repeat(60)}@shop.com` }, 'ADDRESS_TOO_LONG'],
      [{ postCode: '1'.repeat(33) }, 'ADDRESS_TOO_LONG'],
      [{ address: 'y'.repeat(256) }, 'ADDRESS_TOO_LONG'],
      [{ email: 'not-mail' }, 'ADDRESS_FORMAT'],
      [{ phone: '1234567' }, 'ADDRESS_FORMAT'],
      [{ areaCode: '86a' }, 'ADDRESS_FORMAT'],
      [{ postCode: '1234' }, 'ADDRESS_FORMAT'],
      [{ postCode: '12345<' }, 'ADDRESS_FORMAT'],
    ];
    for (const [extra, key] of cases)
      expect(await add(u.token, extra), JSON.stringify(extra)).toMatchObject({ key });
    expect(await call(t, 'POST', '/api/user/address/add', { name: 'x' }, { token: u.token })).toMatchObject({
      key: 'MISSING_PARAMETER',
    });
    expect(await countRows(t, 'addresses')).toBe(before);
  });

  it("checks post codes by the country's format: GB letters accepted, a four-digit DE code refused", async () => {
    const u = await register(t);
    const before = await countRows(t, 'addresses');
    const uk = { nation: 'United Kingdom', areaCode: '44', state: 'England', city: 'London' };
    const de = { nation: 'Germany', areaCode: '49', state: 'Berlin', city: 'Berlin' };
    expect((await add(u.token, { ...de, postCode: '1234' })).key).toBe('ADDRESS_FORMAT');
    expect((await add(u.token, { ...de, postCode: 'SW1A 1AA' })).key).toBe('ADDRESS_FORMAT');
    expect((await add(u.token, { ...uk, postCode: '12345' })).key).toBe('ADDRESS_FORMAT');
    expect(await countRows(t, 'addresses')).toBe(before);
    const saved = await add(u.token, { ...uk, postCode: 'SW1A 1AA' });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    expect((await add(u.token, { ...de, postCode: '10115' })).code).toBe(0);
    // Canada's letters and the Netherlands' digits-then-letters; a country without a table entry takes the general form.
    expect((await add(u.token, { nation: 'Canada', postCode: 'K1A 0B1' })).code).toBe(0);
    expect((await add(u.token, { nation: 'Netherlands', postCode: '1012 AB' })).code).toBe(0);
    expect((await add(u.token, { nation: 'Hong Kong S.A.R.', postCode: '0' })).code).toBe(0);
    expect(await countRows(t, 'addresses')).toBe(before + 5);
  });

  it('limits the count (param user_address_max), even under parallel adds', async () => {
    const brand = BRANDS.find((b) => b.key === 'novamart');
    if (!brand) throw new Error('brand');
    await t.services.params.set(brand, 'user_address_max', '3');
    const u = await register(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add(u.token, { name: `Person ${i}` })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(3);
    expect(replies.filter((r) => r.key === 'ADDRESS_LIMIT')).toHaveLength(3);
    expect(await list(u.token)).toHaveLength(3);
    await t.services.params.set(brand, 'user_address_max', '20');
  });

  it("never reads or changes another user's address", async () => {
    const owner = await register(t);
    const stranger = await register(t);
    const a = (await add(owner.token)).data;
    expect(await list(stranger.token)).toEqual([]);
    expect(
      await call(
        t,
        'POST',
        '/api/user/address/edit',
        { ...valid, id: a.id, city: 'Hacked' },
        { token: stranger.token },
      ),
    ).toMatchObject({ key: 'ADDRESS_NOT_FOUND' });
    expect(
      await call(t, 'POST', '/api/user/address/del', { id: a.id }, { token: stranger.token }),
    ).toMatchObject({
      key: 'ADDRESS_NOT_FOUND',
    });
    const rows = await list(owner.token);
    expect(rows).toEqual([a]);
    expect(await call(t, 'POST', '/api/user/address/list')).toMatchObject({
      code: 403,
      key: 'NOT_LOGGED_IN',
    });
  });
});
