// The money section of `npm run bench` (issues 5 and 6), three figures measured in one run:
// - the reference: the rawest durable SQLite transfer (raw-transfer.mjs), transfers/s;
// - the ledger: LedgerService.transfer one after another on the server's SQLite setup;
// - orders end to end: the mall's server pinned to core 0, 32 buyers on core 1 each submitting an
//   order and paying it from the wallet with the fund password, orders paid/s and p99.
// Each beside the reference, with the ratio; target: at least 300 orders/s on SQLite.
// `--quick` measures 3 s instead of 10 s.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pad } from './columns.mjs';
import { freePort } from './servers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const quick = process.argv.includes('--quick');
const SECONDS = quick ? 3 : 10;
const ORDERS_TARGET = 300;

function runPinned(core, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('taskset', ['-c', String(core), process.execPath, ...args], {
      cwd: root,
      env: { ...process.env, SECONDS: String(SECONDS), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

async function ordersEndToEnd() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-orders-'));
  await runPinned(0, ['--import', 'tsx', 'tools/bench/orders-setup.ts', dataDir], { DATA_DIR: dataDir });
  const port = await freePort();
  const server = spawn(
    'taskset',
    ['-c', '0', process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/get/params`)).ok) break;
      } catch {}
      if (i > 600) throw new Error('the mall did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    const buyers = join(dataDir, 'bench-buyers.json');
    await runPinned(1, ['tools/bench/orders-load.mjs', base, buyers], { SECONDS: '3' });
    return await runPinned(1, ['tools/bench/orders-load.mjs', base, buyers]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const raw = await runPinned(0, ['tools/bench/raw-transfer.mjs']);
const ledger = await runPinned(0, ['--import', 'tsx', 'tools/bench/ledger-transfer.ts']);
const orders = await ordersEndToEnd();
const rawAgain = await runPinned(0, ['tools/bench/raw-transfer.mjs']);
const reference = (raw.perSecond + rawAgain.perSecond) / 2;

console.info(
  `\nmoney bench: ${SECONDS}s each on SQLite (WAL, synchronous=FULL); the raw reference is the mean of a run before and after`,
);
console.info(`${pad('measure', 44)}${pad('per second', 12)}${pad('p99 ms', 9)}${pad('ratio', 8)}target`);
console.info(
  `${pad('raw durable transfer (reference)', 44)}${pad(Math.round(reference), 12)}${pad('-', 9)}${pad('1.00', 8)}-`,
);
console.info(
  `${pad('ledger transfer (LedgerService)', 44)}${pad(Math.round(ledger.perSecond), 12)}${pad('-', 9)}${pad((ledger.perSecond / reference).toFixed(2), 8)}-`,
);
const ok = orders.perSecond >= ORDERS_TARGET && orders.failed === 0;
console.info(
  `${pad('orders submitted and paid, end to end', 44)}${pad(Math.round(orders.perSecond), 12)}${pad(orders.p99.toFixed(1), 9)}${pad((orders.perSecond / reference).toFixed(2), 8)}>= ${ORDERS_TARGET}/s ${ok ? 'ok' : 'MISSED'}${orders.failed ? ` (${orders.failed} failed)` : ''}`,
);
const dir = join(root, '.artifacts/bench');
mkdirSync(dir, { recursive: true });
const file = join(dir, `money-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify({ at: new Date().toISOString(), reference, raw: [raw, rawAgain], ledger, orders }, null, 2),
);
console.info(`results: ${file}`);
process.exitCode = ok ? 0 : 1;
