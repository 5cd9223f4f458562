/**
 * The compiled server started as an operator would (issue 25): NODE_ENV=production with the
 * defaults refuses to start naming every unsafe setting; a proper configuration starts, has no
 * sandbox gateway, keeps /metrics behind its token and stops cleanly on SIGTERM; an unreachable
 * database or Redis is one clear message and exit 1. Needs `npm run build` (the API's dist).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(join(root, 'apps/api/dist/server.js'));
if (!built) console.warn('production start e2e skipped: needs the API build (npm run build)');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'mall-prod-'));
  dirs.push(d);
  return d;
};

/** The environment without the caller's database and Redis (each case sets its own). */
function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, NODE_ENV: _n, ...rest } = process.env;
  return rest;
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: { ...baseEnv(), LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

describe.runIf(built)('the compiled server, started as in production', () => {
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('refuses NODE_ENV=production with the defaults, naming every unsafe setting at once', async () => {
    const run = start({ NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: dataDir() });
    expect(await run.exited).toBe(1);
    const out = run.output();
    expect(out).toContain('Refusing to start with NODE_ENV=production');
    for (const name of ['DEMO_ACCOUNTS', 'SEED_DEMO', 'FUND_PIN_PEPPER']) expect(out).toContain(name);
    // One message, not a stack trace.
    expect(out).not.toMatch(/\n\s+at /);
  });

  it('starts with a proper configuration: no sandbox gateway, metrics behind a token, a clean stop', async () => {
    const port = await freePort();
    const token = 'a-metrics-token-of-enough-length';
    const run = start({
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir(),
      DEMO_ACCOUNTS: 'false',
      SEED_DEMO: 'false',
      FUND_PIN_PEPPER: 'a-real-pepper-of-at-least-32-characters!',
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN: token,
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (run.child.exitCode !== null) throw new Error(`exited: ${run.output()}`);
      try {
        if ((await fetch(`${base}/readyz`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error('not ready in 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/sandbox-gateway/pay/01J00000000000000000000000`)).status).toBe(404);
      const notify = await fetch(`${base}/api/thirdPartyRecharge/notify/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(notify.status).toBe(404);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('mall_http_request_duration_seconds');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
  }, 90_000);

  it('npm run migrate applies the migrations once and exits', () => {
    const env = { ...baseEnv(), DATA_DIR: dataDir() };
    const first = spawnSync(process.execPath, ['apps/api/dist/migrate.js'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^migrations applied: \d{4}-/);
    const again = spawnSync(process.execPath, ['apps/api/dist/migrate.js'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(again.status).toBe(0);
    expect(again.stdout.trim()).toBe('database is up to date');
  });

  it('an unreachable database or Redis is one clear message and exit 1', async () => {
    const closedPort = String(await freePort());
    const db = start({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://mall:secret@127.0.0.1:${closedPort}/mall`,
    });
    expect(await db.exited).toBe(1);
    expect(db.output()).toContain(
      `Cannot reach the database at postgres://mall:***@127.0.0.1:${closedPort}/mall`,
    );
    expect(db.output()).not.toContain('secret');
    const redis = start({
      PORT: String(await freePort()),
      DATA_DIR: dataDir(),
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
    });
    expect(await redis.exited).toBe(1);
    expect(redis.output()).toContain(`Cannot reach Redis at redis://127.0.0.1:${closedPort}`);
  }, 60_000);
});
