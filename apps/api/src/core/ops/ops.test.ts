import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { REFUSE_LIMIT_MS, REFUSE_QUIET_MS } from './health.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describeEachDialect('operations endpoints', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('/healthz answers alive; /readyz ready while the database answers, 503 once draining', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'alive' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    t.readiness.drain();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    // Still alive, and still serving: only the balancer is told to go elsewhere.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/brand' })).statusCode).toBe(200);
  });

  it('/metrics answers only its token, in Prometheus format, with latency per route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/brand' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(404);
    const reply = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    const text = reply.body;
    expect(text).toMatch(
      /mall_http_request_duration_seconds_bucket\{[^}]*route="\/api\/brand"[^}]*method="GET"/,
    );
    expect(text).toMatch(
      /mall_http_request_duration_seconds_count\{route="not_found",method="GET",status="4xx"\} \d/,
    );
    expect(text).not.toContain('/api/no/such/route');
    expect(text).toMatch(/mall_jobs\{state="due"\} \d+/);
    expect(text).toMatch(/mall_jobs\{state="failed"\} \d+/);
    expect(text).toMatch(/mall_ledger_transfers \d+/);
    expect(text).toMatch(/mall_chat_sockets\{kind="owner"\} 0/);
    expect(text).toContain('mall_node_nodejs_eventloop_lag_seconds');
    if (dialect === 'postgres') expect(text).toMatch(/mall_db_pool_connections\{state="total"\} \d+/);
  });
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('/metrics does not exist', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer ' },
    });
    expect(reply.statusCode).toBe(404);
  });
});

describe('TRUST_PROXY as a list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: '10.0.0.5', RATE_LIMIT_LOGIN_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  const login = (remoteAddress: string, forwardedFor: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: 'nobody-here', password: 'wrongpass' },
      })
      .then((r) => r.json().key as string);

  it('ignores X-Forwarded-For from any other peer: a spoofed address does not lift the sign-in limit', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) keys.push(await login('192.0.2.7', `198.51.100.${i}`));
    expect(keys.slice(0, 3)).not.toContain('TOO_FREQUENT');
    expect(keys.slice(3)).toEqual(['TOO_FREQUENT', 'TOO_FREQUENT', 'TOO_FREQUENT']);
  });

  it('believes the listed proxy: each client behind it has its own limit', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) keys.push(await login('10.0.0.5', `203.0.113.${i}`));
    expect(keys).not.toContain('TOO_FREQUENT');
  });
});

describeEachDialect('a stopping process refuses GETs before its port closes', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers GETs 503 unserved, serves other methods, and waits for a quiet moment', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ask = (path: string, init: RequestInit = {}) =>
      fetch(`${address}${path}`, { ...init, headers: { connection: 'close', ...init.headers } });
    const english = (await (await ask('/api/brand?lang=en')).json()) as { msg: string };
    // Connections keep coming for 450 ms: refuse() resolves only 150 ms after the last one.
    const started = Date.now();
    const quiet = t.readiness.refuse();
    for (let i = 0; i < 10; i++) {
      await ask('/healthz');
      await new Promise((r) => setTimeout(r, 50));
    }
    const refused = await ask('/api/brand?lang=fr');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const body = (await refused.json()) as { code: number; msg: string };
    expect(body.code).toBe(9001);
    expect(body.msg).not.toBe(english.msg);
    expect((await ask('/api/brand', { method: 'HEAD' })).status).toBe(503);
    // A POST is served: nginx does not retry one it has sent, so refusing it would fail the client.
    const posted = await ask('/api/brand', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(posted.status).toBe(200);
    expect(((await posted.json()) as { code: number }).code).toBe(0);
    expect((await ask('/healthz')).status).toBe(200);
    expect((await ask('/readyz')).status).toBe(503);
    const lastConnection = Date.now();
    await quiet;
    expect(Date.now() - lastConnection).toBeGreaterThanOrEqual(REFUSE_QUIET_MS - 60);
    expect(Date.now() - started).toBeLessThan(REFUSE_LIMIT_MS + 500);
  });
});
