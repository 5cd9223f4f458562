// The wallet section of `npm run bench` (issue 5): ledger transfers per second through the real
// HTTP calls, on SQLite and on PostgreSQL, each beside the raw durable transfer loop on the same
// database (raw-transfer.mjs, raw-transfer-pg.mjs) measured in the same run. The call is finance
// approving a bank deposit claim
// (`POST /api/admin/wallet/recharge/approve`): the operator's session and role checked, the claim
// resolved exactly once, one ledger transfer (external → wallet), the balance written back, an
// audit entry; one durable commit. 32 concurrent operators' requests on core 1, the mall on core 0.
// PostgreSQL runs in a fresh database `mall_bench` when a server answers at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), and is skipped otherwise.
// `--quick` measures 3 s instead of 10 s. Target: at least 0.5x the raw loop.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pad } from './columns.mjs';
import { freePort } from './servers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const quick = process.argv.includes('--quick');
const SECONDS = quick ? 3 : 10;
const WORKERS = 32;
const TARGET = 0.5;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function runJson(core, args, env) {
  const out = spawnSync('taskset', ['-c', String(core), process.execPath, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`${args.join(' ')} exited ${out.status}`);
  return JSON.parse(out.stdout.trim().split('\n').pop());
}

async function freshPgDatabase() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query('DROP DATABASE IF EXISTS mall_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE mall_bench');
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = '/mall_bench';
  return url.toString();
}

/**
 * Approvals through HTTP. `rawPerSecond` is the raw loop's rate just measured on the same database:
 * the claims made are enough for one and a half times it, warm-up apart, since an approval through
 * HTTP is that transfer and more. A fixed 6,000 a second ran out on a faster machine (SQLite's raw
 * loop at 7,060/s), and the rate read was then the claims' count, not the mall's.
 */
async function approvals(label, databaseUrl, rawPerSecond) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-wallet-'));
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const warmupClaims = Math.ceil(rawPerSecond * 1.5);
  runJson(0, ['--import', 'tsx', 'tools/bench/wallet-setup.ts', dataDir], {
    ...env,
    RECHARGES: String(warmupClaims + Math.ceil(SECONDS * rawPerSecond * 1.5)),
  });
  const { token, received, ids } = JSON.parse(readFileSync(join(dataDir, 'bench-recharges.json'), 'utf8'));
  const port = await freePort();
  const server = spawn(
    'taskset',
    ['-c', '0', process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/get/params`)).ok) break;
      } catch {}
      if (i > 600) throw new Error('the mall did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const file = join(dataDir, 'load.json');
    // One second of warm-up on the first claims, then the measured run on the rest.
    writeFileSync(file, JSON.stringify({ token, received, ids: ids.slice(0, warmupClaims) }));
    runJson(1, ['tools/bench/wallet-load.mjs', base, file], { SECONDS: '1', WORKERS: String(WORKERS) });
    writeFileSync(file, JSON.stringify({ token, received, ids: ids.slice(warmupClaims) }));
    const result = runJson(1, ['tools/bench/wallet-load.mjs', base, file], {
      SECONDS: String(SECONDS),
      WORKERS: String(WORKERS),
    });
    return { label, ...result };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const env = { SECONDS: String(SECONDS) };
// Each database is measured beside its own raw loop, run before and after it (the mean): the
// disk and the machine drift over a run, and PostgreSQL's raw rate is not SQLite's.
async function beside(rawArgs, measure) {
  const before = runJson(0, rawArgs, env);
  const result = await measure(before.perSecond);
  const after = runJson(0, rawArgs, env);
  return { ...result, raw: [before, after], reference: (before.perSecond + after.perSecond) / 2 };
}
const results = [
  await beside(['tools/bench/raw-transfer.mjs'], (raw) => approvals('SQLite', undefined, raw)),
];
const pgUrl = await freshPgDatabase();
if (pgUrl) {
  results.push(
    await beside(['tools/bench/raw-transfer-pg.mjs', pgUrl], (raw) => approvals('PostgreSQL', pgUrl, raw)),
  );
}

console.info(
  `\nwallet bench: ${SECONDS}s each; transfers through HTTP (recharge approvals, ${WORKERS} in flight) beside the raw durable transfer loop on the same database (mean of a run before and after)`,
);
console.info(`${pad('measure', 48)}${pad('per second', 12)}${pad('p99 ms', 9)}${pad('ratio', 8)}target`);
let ok = true;
for (const r of results) {
  const ratio = r.perSecond / r.reference;
  const good = ratio >= TARGET && r.failed === 0;
  ok &&= good;
  console.info(
    `${pad(`raw durable transfer, ${r.label} (reference)`, 48)}${pad(Math.round(r.reference), 12)}${pad('-', 9)}${pad('1.00', 8)}-`,
  );
  console.info(
    `${pad(`HTTP transfers, ${r.label}`, 48)}${pad(Math.round(r.perSecond), 12)}${pad(r.p99.toFixed(1), 9)}${pad(ratio.toFixed(2), 8)}>= ${TARGET} ${good ? 'ok' : 'MISSED'}${r.failed ? ` (${r.failed} failed)` : ''}${r.ranOut ? ' (ran out of claims)' : ''}`,
  );
}
if (results.length === 2) {
  console.info(
    `PostgreSQL beside the SQLite raw loop: ${(results[1].perSecond / results[0].reference).toFixed(2)}x`,
  );
}
if (!pgUrl) console.info('PostgreSQL: no server at BENCH_PG_URL, skipped');
const dir = join(root, '.artifacts/bench');
mkdirSync(dir, { recursive: true });
const file = join(dir, `wallet-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.info(`results: ${file}`);
process.exitCode = ok ? 0 : 1;
