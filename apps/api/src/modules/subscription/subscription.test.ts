import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { SubscriptionRepository } from './subscription.repository.ts';

describeEachDialect('coupon subscription', (dialect) => {
  let t: TestApp;
  let rows: SubscriptionRepository;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    rows = new SubscriptionRepository(t.db.kysely);
  });
  afterAll(() => t.close());

  let nextIp = 1;
  const subscribe = async (payload: unknown, host = 'novamart.localhost', lang = 'en', ip?: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/subscribe!add.action?lang=${lang}`,
        headers: { host },
        remoteAddress: ip ?? `10.0.0.${nextIp++}`,
        payload: payload as Record<string, unknown>,
      })
    ).json();

  it('stores a subscription and answers code 0', async () => {
    expect(await subscribe({ email: 'buyer01@shop.com' })).toMatchObject({ code: 0 });
    expect(await rows.countByBrand('novamart')).toBe(1);
  });

  it('answers "already subscribed" for the same address in any case, and writes nothing', async () => {
    expect(await subscribe({ email: 'BUYER01@shop.com' })).toMatchObject({ key: 'EMAIL_ALREADY_SUBSCRIBED' });
    expect(await subscribe({ email: 'buyer01@shop.com' }, 'novamart.localhost', 'cn')).toMatchObject({
      code: 2102,
      msg: '该邮箱已订阅',
    });
    expect(await rows.countByBrand('novamart')).toBe(1);
  });

  it('keeps brands apart', async () => {
    expect(await subscribe({ email: 'buyer01@shop.com' }, 'lumen.localhost')).toMatchObject({ code: 0 });
    expect(await rows.countByBrand('lumen')).toBe(1);
  });

  it('refuses addresses outside the SPEC pattern and writes nothing', async () => {
    for (const email of [
      'ab@shop.com',
      '-abc@shop.com',
      'abc@s.com',
      'abc@shop.c',
      'abc@shop.COM',
      'abc shop.com',
    ]) {
      expect(await subscribe({ email }), email).toMatchObject({ key: 'EMAIL_FORMAT' });
    }
    expect(await subscribe({ email: `${'a'.repeat(60)}@shop.com` })).toMatchObject({ key: 'EMAIL_FORMAT' });
    expect(await rows.countByBrand('novamart')).toBe(1);
  });

  it('answers MISSING_PARAMETER without an e-mail and PARAMETER_ERROR for a wrong type', async () => {
    expect(await subscribe({})).toMatchObject({ key: 'MISSING_PARAMETER' });
    expect(await subscribe({ email: ['a@b.cc'] })).toMatchObject({ key: 'PARAMETER_ERROR' });
  });

  it('accepts the spec pattern with a second suffix', async () => {
    expect(await subscribe({ email: 'shop.owner@mail.co.uk' })).toMatchObject({ code: 0 });
  });

  it('answers TOO_FREQUENT after five attempts from one address in ten minutes', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) {
      expect(await subscribe({ email: `burst${i}x@shop.com` }, 'novamart.localhost', 'en', ip)).toMatchObject(
        { code: 0 },
      );
    }
    expect(await subscribe({ email: 'burst9x@shop.com' }, 'novamart.localhost', 'en', ip)).toMatchObject({
      key: 'TOO_FREQUENT',
    });
    t.clock.advance(10 * 60_000);
    expect(await subscribe({ email: 'burst9x@shop.com' }, 'novamart.localhost', 'en', ip)).toMatchObject({
      code: 0,
    });
  });
});
