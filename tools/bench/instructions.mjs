// `npm run bench -- --only instructions`: instructions per request, counted by valgrind's callgrind,
// for the mall's GET endpoints beside the Fastify hello-world. Requests per second on this shared
// machine swing by half from one minute to the next (docs/decisions.md); an instruction count does
// not: one process's steady windows agree within 1.5%, whatever else the machine is doing. It counts user space only (not the kernel's half of each request, nor time),
// so it tells whether a change made the mall's own work smaller, not what the ratio will read.
//
// Each server runs under callgrind with collection off; per endpoint the client warms it up, then
// collection is switched on (callgrind_control) for `WINDOW` requests and the dump is read,
// `WINDOWS` times; the window of median main-thread count is reported. The main thread's count is
// the one to compare: the other threads are the garbage collector's concurrent marking and
// sweeping and the compiler's, which come in bursts a window may or may not catch, and a window
// that catches a major collection reads 5-10% higher on the main thread too (its finalization).
// Opt-in (all.mjs never runs it unasked): a full run takes about eight minutes. Run on its own,
// `node tools/bench/instructions.mjs --only info,list` counts just the endpoints named.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCatalogue } from './catalogue-data.mjs';
import { pad } from './columns.mjs';
import { freePort, waitUp } from './servers.mjs';
import { TARGETS } from './targets.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const picked = argv.includes('--only')
  ? argv[argv.indexOf('--only') + 1].split(',').filter((o) => o !== 'instructions')
  : [];
// Measured under valgrind (about 2,000 requests/s): the mall's counts settle after some 60,000
// requests (110,000 instructions each at 30,000, 87,000 from 60,000 on); the hello-world sooner.
const WARMUP = quick ? 10_000 : 60_000;
const WINDOW = 5_000;
const WINDOWS = quick ? 1 : 5;
const CONCURRENCY = 16;

if (spawnSync('valgrind', ['--version']).error || spawnSync('callgrind_control', ['-h']).error) {
  console.info('instructions: valgrind is not installed here, skipped');
  process.exit(0);
}

// valgrind and callgrind_control name their shared pipe after $USER and $HOST: the same values on
// both sides, whatever this shell has.
const ENV = { ...process.env, USER: 'bench', HOST: '127.0.0.1' };
const outDir = mkdtempSync(join(tmpdir(), 'mall-callgrind-'));

function underCallgrind(name, args, env, readyUrl) {
  const child = spawn(
    'taskset',
    [
      '-c',
      '0',
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${join(outDir, `${name}.out`)}`,
      process.execPath,
      ...args,
    ],
    { cwd: root, env: { ...ENV, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (d) => {
    log += d;
  });
  let dumps = 0;
  const control = (...option) => {
    const r = spawnSync('callgrind_control', [...option, String(child.pid)], { env: ENV, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`callgrind_control ${option.join(' ')}: ${r.stderr}${r.stdout}`);
  };
  return {
    ready: () =>
      waitUp(readyUrl, 180).catch((error) => {
        process.stderr.write(log);
        throw error;
      }),
    /** Instructions per request over `count` requests: `{ main, all }` (main thread, every thread). */
    async measure(request, count) {
      control('-z');
      control('-i', 'on');
      await send(request, count);
      control('-i', 'off');
      control('-d');
      dumps += 1;
      const files = readdirSync(outDir).filter((f) => f.startsWith(`${name}.out.${dumps}-`));
      const total = (f) => Number(/^totals: (\d+)$/m.exec(readFileSync(join(outDir, f), 'utf8'))?.[1] ?? 0);
      const main = files.find((f) => f.endsWith('-01'));
      if (!main) throw new Error(`no callgrind dump ${dumps} of ${name} in ${outDir}`);
      return {
        main: Math.round(total(main) / count),
        all: Math.round(files.reduce((sum, f) => sum + total(f), 0) / count),
      };
    },
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** `count` keep-alive requests, `CONCURRENCY` at a time; any answer but 200 fails the run. */
function send(request, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let started = 0;
  let finished = 0;
  return new Promise((resolve, reject) => {
    const next = () => {
      if (started >= count) return;
      started += 1;
      http
        .get(request.url, { agent, headers: request.headers ?? {} }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${request.url}: status ${res.statusCode}`));
          res.resume();
          res.on('end', () => {
            finished += 1;
            if (finished === count) {
              agent.destroy();
              resolve();
            } else next();
          });
        })
        .on('error', reject);
    };
    for (let i = 0; i < CONCURRENCY; i++) next();
  });
}

/** `WINDOWS` counted windows in a row; the one of median main-thread count, with all of them. */
async function medianWindow(server, request) {
  const windows = [];
  for (let i = 0; i < WINDOWS; i++) windows.push(await server.measure(request, WINDOW));
  const sorted = [...windows].sort((a, b) => a.main - b.main);
  return { ...sorted[Math.floor(sorted.length / 2)], windows: windows.map((w) => w.main) };
}

const helloPort = await freePort();
const mallPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-'));
seedCatalogue(dataDir, 50_000);
const hello = underCallgrind(
  'hello',
  [join(root, 'tools/bench/hello-server.mjs')],
  { PORT: String(helloPort) },
  `http://127.0.0.1:${helloPort}/`,
);
const mall = underCallgrind(
  'mall',
  ['--import', 'tsx', 'apps/api/src/server.ts'],
  { PORT: String(mallPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  `http://127.0.0.1:${mallPort}/api/get/params`,
);
const results = [];
try {
  await Promise.all([hello.ready(), mall.ready()]);
  const helloRequest = { url: `http://127.0.0.1:${helloPort}/` };
  await send(helloRequest, WARMUP);
  const reference = await medianWindow(hello, helloRequest);
  // GETs only: the sign-in (an argon2 hash each) is slow by design and says nothing here.
  for (const target of TARGETS) {
    if (picked.length > 0 && !picked.some((o) => target.name.includes(o))) continue;
    const spec = await target.prepare(`http://127.0.0.1:${mallPort}`);
    if (spec.method && spec.method !== 'GET') continue;
    const request = { ...spec, url: `http://127.0.0.1:${mallPort}${spec.path}` };
    await send(request, WARMUP);
    const measured = await medianWindow(mall, request);
    results.push({ name: target.name, ...measured, ratio: reference.main / measured.main });
  }
  console.info(
    `\ninstructions per request (callgrind, user space; ${WARMUP} requests of warm-up, then the median of ${WINDOWS} window(s) of ${WINDOW}; ${CONCURRENCY} at a time)`,
  );
  console.info(
    `${pad('endpoint', 36)}${pad('main thread', 13)}${pad('all threads', 13)}hello-world / endpoint`,
  );
  console.info(`${pad('Fastify hello-world', 36)}${pad(reference.main, 13)}${pad(reference.all, 13)}1.00`);
  for (const r of results) {
    console.info(`${pad(r.name, 36)}${pad(r.main, 13)}${pad(r.all, 13)}${r.ratio.toFixed(2)}`);
  }
  for (const r of [{ name: 'Fastify hello-world', ...reference }, ...results]) {
    console.info(`windows, ${r.name}: ${r.windows.join(' / ')}`);
  }
  const dir = join(root, '.artifacts/bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `instructions-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), reference, results }, null, 2));
  console.info(`results: ${file}`);
} finally {
  await mall.stop();
  await hello.stop();
}
