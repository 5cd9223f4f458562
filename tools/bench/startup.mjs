// `npm run bench -- --only startup`: time from process start to the first answer (/readyz: the
// database answered), for the compiled API (node apps/api/dist/server.js) on a database of
// 50,000 goods (`--products N`), five starts each: production-like (no demo data) and the demo
// start of `npm start`; one start through tsx for comparison. Stored in .artifacts/bench/startup.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCatalogue } from './catalogue-data.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const products = argv.includes('--products') ? Number(argv[argv.indexOf('--products') + 1]) : 50_000;
const port = 4000 + (process.pid % 900);
const RUNS = 5;

function answered() {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Milliseconds from spawn to the first 200 of /readyz; the process is stopped afterwards. */
async function timeStart(command, args, env) {
  const started = performance.now();
  // SQLite on the seeded copy, whatever the caller's environment points at.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      if (await answered()) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
      if (performance.now() - started > 120_000) throw new Error('no answer in 120 s');
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const built = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(1);
const dir = mkdtempSync(join(tmpdir(), 'mall-startup-'));
try {
  seedCatalogue(dir, products);
  const base = { DATA_DIR: dir, LOG_LEVEL: 'warn' };
  const cases = [
    [
      'compiled, production-like (DEMO_ACCOUNTS=false SEED_DEMO=false)',
      { ...base, DEMO_ACCOUNTS: 'false', SEED_DEMO: 'false' },
      RUNS,
    ],
    ['compiled, demo start (npm start defaults)', base, RUNS],
    [
      'tsx (before: TypeScript compiled at run time)',
      { ...base, DEMO_ACCOUNTS: 'false', SEED_DEMO: 'false' },
      1,
      true,
    ],
  ];
  const results = [];
  console.info(`startup: time to first answer, ${products.toLocaleString('en')} goods on SQLite`);
  for (const [name, env, runs, viaTsx] of cases) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const args = viaTsx ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
      times.push(await timeStart(process.execPath, args, env));
    }
    const row = { name, runs, medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)) };
    results.push(row);
    console.info(
      `  ${name}: median ${row.medianMs} ms, max ${row.maxMs} ms (${runs} start${runs > 1 ? 's' : ''})`,
    );
  }
  mkdirSync(join(root, '.artifacts/bench'), { recursive: true });
  writeFileSync(
    join(root, '.artifacts/bench/startup.json'),
    `${JSON.stringify({ products, results }, null, 2)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
