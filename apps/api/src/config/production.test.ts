import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { parseConfig } from './env.ts';

/** A configuration production accepts: every refusal below changes exactly one thing of it. */
const PROPER = {
  NODE_ENV: 'production',
  DEMO_ACCOUNTS: 'false',
  SEED_DEMO: 'false',
  FUND_PIN_PEPPER: 'a-real-pepper-of-at-least-32-characters!',
  TRUST_PROXY: '10.0.0.5,10.1.0.0/16',
  LOG_LEVEL: 'silent',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('NODE_ENV=production', () => {
  it('refuses the defaults with one message naming every unsafe setting', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toContain('Refusing to start with NODE_ENV=production');
    expect(message).toContain('DEMO_ACCOUNTS');
    expect(message).toContain('SEED_DEMO');
    expect(message).toContain('FUND_PIN_PEPPER is not set');
    expect(message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(3);
  });

  it.each([
    [{ DEMO_ACCOUNTS: 'true' }, 'DEMO_ACCOUNTS is on'],
    [{ DEMO_ACCOUNTS: undefined }, 'DEMO_ACCOUNTS is on'],
    [{ SEED_DEMO: 'true' }, 'SEED_DEMO is on'],
    [{ FUND_PIN_PEPPER: undefined }, 'FUND_PIN_PEPPER is not set'],
    [
      { FUND_PIN_PEPPER: 'development-pepper-not-for-production-use' },
      'FUND_PIN_PEPPER is a published default',
    ],
    [
      { GATEWAY_SANDBOX_SECRET: 'sandbox-gateway-secret-for-demos-only' },
      'GATEWAY_SANDBOX_SECRET is a published',
    ],
    [{ GATEWAY_ACME_SECRET: 'short-secret-1234' }, 'GATEWAY_ACME_SECRET is shorter than 32'],
    [{ GATEWAY_ACME_SECRET: '' }, 'GATEWAY_ACME_SECRET is not set'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY is true'],
    [
      { PROCESSES: '3', DATABASE_URL: 'postgres://db/mall', REDIS_URL: 'redis://cache:6379' },
      'STORAGE is local disk while PROCESSES=3',
    ],
    [
      {
        PROCESSES: '2',
        STORAGE: 's3',
        STORAGE_URL_SECRET: 'a-long-private-link-secret-0123456789',
        DATABASE_URL: 'postgres://db/mall',
      },
      'REDIS_URL is not set',
    ],
    [
      {
        PROCESSES: '2',
        STORAGE: 's3',
        STORAGE_URL_SECRET: 'a-long-private-link-secret-0123456789',
        REDIS_URL: 'redis://cache:6379',
      },
      'DATABASE_URL is not set',
    ],
    [{ STORAGE: 's3' }, 'STORAGE_URL_SECRET is not set'],
  ])('refuses %o', (change, problem) => {
    const message = refusal({ ...PROPER, ...change });
    expect(message).toContain(problem);
    expect(message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(1);
  });

  it('accepts a proper configuration, several processes on S3 included', () => {
    expect(parseConfig(PROPER)).toMatchObject({ production: true, gatewaySandboxSecret: undefined });
    const scaled = parseConfig({
      ...PROPER,
      PROCESSES: '3',
      STORAGE: 's3',
      STORAGE_URL_SECRET: 'a-long-private-link-secret-0123456789',
      DATABASE_URL: 'postgres://db/mall',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(scaled).toMatchObject({ processes: 3, trustProxy: ['10.0.0.5', '10.1.0.0/16'] });
  });

  it('leaves development alone: the demo keeps its defaults', () => {
    expect(parseConfig({})).toMatchObject({
      production: false,
      demoAccounts: true,
      seedDemo: true,
      trustProxy: false,
      gatewaySandboxSecret: 'sandbox-gateway-secret-for-demos-only',
    });
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDRs, and names what is neither', () => {
    expect(parseConfig({ TRUST_PROXY: ' 127.0.0.1 , ::1,10.0.0.0/8 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toThrow(
      /TRUST_PROXY: 10\.0\.0\.0\/33, proxy\.local is not an address or CIDR/,
    );
  });
});

describe('REDIS_PREFIX', () => {
  it('defaults to the database name, so two malls on one Redis never meet', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@db:5432/mall_eu' }).redisPrefix).toBe('mall:mall_eu:');
    expect(parseConfig({ DATA_DIR: '/srv/shop/data' }).redisPrefix).toBe('mall:sqlite-data:');
    expect(parseConfig({ REDIS_PREFIX: 'eu1:' }).redisPrefix).toBe('eu1:');
    expect(() => parseConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });
});

describe('a production app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: PROPER });
  });
  afterAll(() => t.close());

  it('has no sandbox gateway: neither its page, its notification route nor its channels', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/anything' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'POST', url: '/sandbox-gateway/pay/anything' })).statusCode).toBe(
      404,
    );
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/thirdPartyRecharge/notify/sandbox',
      payload: {},
    });
    expect(notify.statusCode).toBe(404);
    const channels = await t.services.wallet.channels('novamart');
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.filter((c) => c.kind === 'gateway')).toEqual([]);
  });
});

describe('a development app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('keeps the sandbox gateway for the demo', async () => {
    expect((await t.services.wallet.channels('novamart')).some((c) => c.kind === 'gateway')).toBe(true);
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/thirdPartyRecharge/notify/sandbox',
      payload: {},
    });
    expect(notify.statusCode).not.toBe(404);
  });
});

describe('NODE_ENV=production and the chain rails', () => {
  it('refuses a hot-wallet key shorter than a real one', () => {
    const env = {
      NODE_ENV: 'production',
      DEMO_ACCOUNTS: 'false',
      SEED_DEMO: 'false',
      FUND_PIN_PEPPER: 'a-real-pepper-of-enough-length-0123456789',
      CHAIN_EVM_RPC_URL: 'http://127.0.0.1:8545',
      CHAIN_EVM_XPUB:
        'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj',
      CHAIN_EVM_TOKENS: 'USDT:0x5FbDB2315678afecb367f032d93F642f64180aa3:6',
      CHAIN_EVM_CONFIRMATIONS: '12',
      CHAIN_EVM_HOT_WALLET_KEY: '0x1234',
    };
    let message = '';
    try {
      parseConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/Refusing to start with NODE_ENV=production/);
    expect(message).toMatch(/CHAIN_EVM_HOT_WALLET_KEY/);
  });
});
