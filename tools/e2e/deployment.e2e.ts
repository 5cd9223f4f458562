/**
 * The deployment docs/operations.md describes, proved (issue 25): three compiled API processes
 * started at the same moment on PostgreSQL + Redis behind Debian's nginx, run with the tested
 * configuration docs/deploy/nginx-mall.conf. Checks a clean start, a price and a brand change
 * worn by every process within 2 s, chat across processes, a rolling restart (SIGTERM one process
 * at a time) under steady reads and ledger writes with no failed request, and a clean ledger audit.
 * Browser-free. Needs TEST_DATABASE_URL, TEST_REDIS_URL, nginx and `npm run build` (the API's dist).
 *
 * Uploads go to a real S3-compatible server (s3rver, started here): an image uploaded through one
 * process is served through the balancer by all of them.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { systemClock } from '../../apps/api/src/core/clock.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { type S3rverProcess, startS3rver } from '../../apps/api/src/core/storage/s3rver.test-helpers.ts';
import { LedgerRepository, LedgerService } from '../../apps/api/src/modules/ledger/index.ts';
import { apiAs, loginAs, type Reply, type RunningServer, uploadPng } from './harness.ts';
import { gradientPng } from './test-images.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const built = existsSync(join(root, 'apps/api/dist/server.js'));

const missing = [
  !postgresUrl && 'TEST_DATABASE_URL',
  !redisUrl && 'TEST_REDIS_URL',
  !nginxBin && 'nginx (apt-get install nginx)',
  !built && 'the API build (npm run build)',
].filter(Boolean);
if (missing.length > 0) console.warn(`deployment e2e skipped: needs ${missing.join(', ')}`);

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One API process of the compiled build, restartable on its port. */
class ApiProcess implements RunningServer {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  stderr = '';
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}
  url = (path = '/', host = 'localhost') => `http://${host}:${this.port}${path}`;

  start(): void {
    this.stderr = '';
    const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (d) => {
      this.stderr += d;
    });
    this.exited = new Promise((r) => child.once('exit', (code) => r(code)));
    this.child = child;
  }

  get running(): boolean {
    return this.child?.exitCode === null;
  }

  async ready(timeoutMs = 60_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`process on ${this.port} exited: ${this.stderr}`);
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > end) throw new Error(`process on ${this.port} not ready in ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  async stop(): Promise<number | null> {
    if (!this.running) return this.child?.exitCode ?? null;
    this.child?.kill('SIGTERM');
    return this.exited;
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }
}

/** nginx as a child process, with its own prefix, config and temp files in a directory of its own. */
function startNginx(dir: string, listen: number, upstreams: number[]): ChildProcess {
  const servers = upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ');
  // The markers are replaced as an operator would; comment lines (which name them) are kept.
  const site = readFileSync(join(root, 'docs/deploy/nginx-mall.conf'), 'utf8')
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('#')
        ? line
        : line.replace('@LISTEN@', `127.0.0.1:${listen}`).replace('@UPSTREAM_SERVERS@', servers),
    )
    .join('\n');
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, sub), { recursive: true });
  const main = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 2;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${site}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), main);
  execFileSync(nginxBin as string, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
  return spawn(nginxBin as string, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
}

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
type Frame = any;

async function chatSocket(port: number, auth: Record<string, unknown>) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host: `localhost:${port}` } });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  ws.send(JSON.stringify({ type: 'auth', ...auth }));
  const until = async (test: (f: Frame) => boolean, ms: number) => {
    const end = Date.now() + ms;
    for (;;) {
      const hit = frames.find(test);
      if (hit) return hit;
      if (Date.now() > end) throw new Error('no such frame in time');
      await sleep(5);
    }
  };
  await until((f) => f.type === 'hello', 5000);
  return { ws, until };
}

/** Milliseconds until `read` on every process answers `wanted`; fails after `limitMs`. */
async function wornByAll(
  processes: ApiProcess[],
  read: (p: ApiProcess) => Promise<unknown>,
  wanted: unknown,
  limitMs: number,
): Promise<number> {
  const started = Date.now();
  const pending = new Set(processes);
  while (pending.size > 0) {
    for (const p of [...pending]) if ((await read(p)) === wanted) pending.delete(p);
    if (pending.size === 0) break;
    if (Date.now() - started > limitMs)
      throw new Error(`not worn by ${pending.size} process(es) in ${limitMs} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

describe.runIf(missing.length === 0)('three API processes behind nginx (PostgreSQL + Redis)', () => {
  const schema = `e2e_deploy_${randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  let admin: pg.Client;
  let processes: ApiProcess[];
  let nginx: ChildProcess | undefined;
  let balancer: RunningServer;
  let s3: S3rverProcess;

  beforeAll(async () => {
    s3 = await startS3rver();
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(postgresUrl as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const ports = [await freePort(), await freePort(), await freePort()];
    processes = ports.map((port) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mall-deploy-'));
      dirs.push(dataDir);
      return new ApiProcess(port, {
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl as string,
        REDIS_PREFIX: `${schema}:`,
        HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        PROCESSES: '3',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '300',
        ...s3.env,
        STORAGE_URL_SECRET: 'deployment-test-private-link-secret-0123456789',
      });
    });
    const nginxDir = mkdtempSync(join(tmpdir(), 'mall-nginx-'));
    dirs.push(nginxDir);
    const listen = await freePort();
    nginx = startNginx(nginxDir, listen, ports);
    balancer = {
      port: listen,
      url: (path = '/', host = 'localhost') => `http://${host}:${listen}${path}`,
      kill: () => nginx?.kill('SIGKILL'),
      stop: async () => null,
    };
  }, 60_000);

  afterAll(async () => {
    for (const p of processes ?? []) await p.stop();
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx?.once('exit', r));
      nginx.kill('SIGQUIT');
      await gone;
    }
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await s3?.stop();
  });

  it('starts cleanly when all three start at the same moment (demo accounts and catalogue seeded once)', async () => {
    for (const p of processes) p.start();
    await Promise.all(processes.map((p) => p.ready(90_000)));
    for (const p of processes) expect(p.stderr).not.toMatch(/error|duplicate/i);
    const users = await admin.query(
      `select count(*)::int as n from ${schema}.users where username = 'demoadmin' and brand = 'novamart'`,
    );
    expect(users.rows[0].n).toBe(1);
    // Through nginx as well, and it forwards the client's address only as a trusted proxy.
    const brand = await fetch(balancer.url('/api/brand'));
    expect(brand.status).toBe(200);
  }, 120_000);

  it('a price change and a brand change are worn by every process within 2 s', async () => {
    const seller = await loginAs(balancer, 'demoseller');
    const asSeller = apiAs(balancer, seller);
    const list = await asSeller('/api/admin/seller/goods/list', { pageSize: 1 });
    const id = list.data.pageList[0].sellerGoodsId as string;
    const detail = (await asSeller('/api/admin/seller/goods/info', { sellerGoodsId: id })).data;
    // Every process reads (and caches) the goods page before the change.
    const priceOn = async (p: ApiProcess) =>
      (await apiAs(p, undefined)('/api/sellerGoods/info', { sellerGoodsId: id })).data?.sellingPrice;
    for (const p of processes) expect(await priceOn(p)).toBe(detail.sellingPrice);
    const newPrice = (Number(detail.sellingPrice) + 1.25).toFixed(2);
    const updated = await asSeller('/api/admin/seller/goods/update', {
      sellerGoodsId: id,
      name: detail.name,
      categoryId: detail.categoryId,
      description: detail.description,
      images: detail.images,
      sellingPrice: newPrice,
      discountPrice: null,
      retailPrice: null,
      originalPrice: null,
      buyMin: detail.buyMin,
      dispatchFee: detail.dispatchFee,
      distanceFee: detail.distanceFee,
      deliveryFee: detail.deliveryFee,
      stock: detail.stock,
      specs: detail.specs,
    });
    expect(updated.code, JSON.stringify(updated)).toBe(0);
    const priceMs = await wornByAll(processes, priceOn, updated.data.sellingPrice, 2000);

    const adminToken = await loginAs(balancer, 'demoadmin');
    const titleOn = async (p: ApiProcess) => (await apiAs(p, undefined)('/api/brand')).data.title;
    for (const p of processes) await titleOn(p);
    const title = `Deployed ${randomBytes(3).toString('hex')}`;
    expect((await apiAs(balancer, adminToken)('/api/admin/brand/update', { title })).code).toBe(0);
    const brandMs = await wornByAll(processes, titleOn, title, 2000);
    console.info(`deployment: price worn by all in ${priceMs} ms, brand in ${brandMs} ms`);
  });

  it('an image uploaded through the balancer is served by every process (S3 storage)', async () => {
    const seller = await loginAs(balancer, 'demoseller');
    const url = await uploadPng(balancer, seller, 'goods', gradientPng());
    expect(url).toMatch(/^\/uploads\/.+\.webp$/);
    const bodies: string[] = [];
    for (const p of processes) {
      const answer = await fetch(`http://127.0.0.1:${p.port}${url}`);
      expect(answer.status, `process on ${p.port}`).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/image\/webp/);
      bodies.push(Buffer.from(await answer.arrayBuffer()).toString('base64'));
    }
    expect(new Set(bodies).size).toBe(1);
    expect((await fetch(balancer.url(url))).status).toBe(200);
  });

  it('chat reaches sockets held by other processes (and through nginx)', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const buyer = await loginAs(balancer, 'demobuyer');
    const agentToken = await loginAs(balancer, 'demoagent');
    const agent = await chatSocket(b.port, { token: agentToken, as: 'agent' });
    // The buyer's socket goes through nginx (upgrade passed on) to whichever process.
    const user = await chatSocket(balancer.port, { token: buyer });
    for (let i = 0; i < 50; i++) {
      if ((await apiAs(a, buyer)('/api/newOnlinechat!unread.action')).data.online) break;
      await sleep(100);
    }
    const sent = await apiAs(c, buyer)('/api/newOnlinechat!send.action', { content: 'hello from C' });
    expect(sent.code).toBe(0);
    const atAgent = await agent.until(
      (f) => f.type === 'message' && f.message.content === 'hello from C',
      2000,
    );
    await user.until((f) => f.type === 'message' && f.message.content === 'hello from C', 2000);
    const reply = await apiAs(a, agentToken)('/api/admin/chat/reply', {
      conversationId: atAgent.conversationId,
      content: 'answer via A',
    });
    expect(reply.code).toBe(0);
    await user.until((f) => f.type === 'message' && f.message.content === 'answer via A', 2000);
    user.ws.terminate();
    agent.ws.terminate();
  });

  it('restarts one process at a time under steady reads and ledger writes with no failed request', async () => {
    const buyer = await loginAs(balancer, 'demobuyer');
    const finance = await loginAs(balancer, 'demofinance');
    const proof = await uploadPng(balancer, buyer, 'proof');
    const failures: string[] = [];
    let reads = 0;
    let writes = 0;
    let running = true;
    const check = (what: string, reply: Reply) => {
      if (reply.code !== 0) failures.push(`${what}: ${JSON.stringify(reply).slice(0, 200)}`);
    };
    const guarded = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
      }
    };
    const reader = async () => {
      while (running) {
        await guarded('read', async () => {
          const res = await fetch(balancer.url('/api/brand?lang=en'));
          if (res.status !== 200) failures.push(`read: HTTP ${res.status}`);
          else check('read', (await res.json()) as Reply);
          reads++;
        });
      }
    };
    const writer = async () => {
      while (running) {
        await guarded('write', async () => {
          const claim = await apiAs(balancer, buyer)('/api/rechargeBlockchain/recharge', {
            channel: 'USDT-TRC20',
            amount: '1',
            txHash: randomBytes(32).toString('hex'),
            proof,
          });
          check('claim', claim);
          if (claim.code !== 0) return;
          const approved = await apiAs(balancer, finance)('/api/admin/wallet/recharge/approve', {
            id: claim.data.id,
            amountReceived: '1',
            remark: 'ok',
          });
          check('approve', approved);
          writes++;
        });
      }
    };
    // A chat socket held by the first process to restart: closed with 1001 (going away).
    const held = await chatSocket((processes[0] as ApiProcess).port, { token: buyer });
    const closeCode = new Promise<number>((r) => held.ws.once('close', (code) => r(code)));
    const load = [reader(), reader(), writer()];
    await sleep(500);
    // Each process twice: a port closed while nginx still connected failed a POST about once in
    // 20 restarts (docs/decisions.md), so one round would rarely see it.
    for (const p of [...processes, ...processes]) {
      expect(await p.stop()).toBe(0);
      p.start();
      await p.ready(60_000);
      await sleep(300);
    }
    running = false;
    await Promise.all(load);
    expect(await closeCode).toBe(1001);
    console.info(`deployment: rolling restart under load: ${reads} reads, ${writes} ledger writes`);
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(0);
    // Each approved claim credited 1 USDT once: none lost, none doubled by a retried request.
    expect(Number((await apiAs(balancer, buyer)('/api/wallet/usdt')).data.balance)).toBe(writes);
  }, 240_000);

  it('leaves the ledger audit clean', async () => {
    const url = new URL(postgresUrl as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const db = openDatabase({ databaseUrl: url.toString() });
    try {
      const report = await new LedgerService(new LedgerRepository(), systemClock).audit(db.kysely);
      expect(
        report.ok,
        JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
      ).toBe(true);
    } finally {
      await db.close();
    }
  });
});
