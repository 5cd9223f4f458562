/**
 * Browser-test harness: starts the real server (built storefront, fresh SQLite database) on a free
 * port, launches Debian's Chromium through playwright-core, and saves screenshots under
 * .artifacts/screenshots for people to look at.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOTS = join(root, '.artifacts/screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  port: number;
  /** http://<host>:<port>, `host` defaulting to localhost (another brand: 'lumen.localhost'). */
  url(path?: string, host?: string): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-request (crash tests). */
  kill(): void;
}

/**
 * `copyWeb`: serve a private copy of the built storefront (WEB_DIST when given, else
 * apps/web/dist), removed on stop: others on this machine may rebuild it while the tests run, and
 * a rebuild removes the hashed chunks a page is about to load.
 */
export async function startServer(
  env: Record<string, string> = {},
  { copyWeb = false }: { copyWeb?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'mall-e2e-'));
  const webCopy = copyWeb ? mkdtempSync(join(tmpdir(), 'mall-e2e-web-')) : undefined;
  if (webCopy) cpSync(process.env.WEB_DIST ?? join(root, 'apps/web/dist'), webCopy, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(webCopy ? { WEB_DIST: webCopy } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/brand`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error('server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url: (path = '/', host = 'localhost') => `http://${host}:${port}${path}`,
    kill() {
      child.kill('SIGKILL');
    },
    async stop() {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await exited;
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      if (webCopy) rmSync(webCopy, { recursive: true, force: true });
      return code;
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 360, height: 740 },
} as const;

/**
 * A server-rendered page (issue 27) is visible before React has hydrated it, so a click could land
 * on a button that does nothing yet. Every navigation of the tests' pages waits until the app
 * marks itself live (`data-hydrated`, app-shell.tsx); a client-rendered page has no `#ssr-state`
 * and does not wait.
 */
function waitForHydration(page: Page): void {
  const live = () =>
    page
      .waitForFunction(
        () => !document.getElementById('ssr-state') || document.documentElement.dataset.hydrated === 'true',
        undefined,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const answer = await navigate(...args);
      await live();
      return answer;
    };
  }
}

export async function newPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  waitForHydration(page);
  return { context, page };
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  // Pictures are for people; CI (.ci/run) turns them off to stay within its time, while the
  // layout checks beside each picture (overflow, direction) still run.
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** True when the page is no wider than the window (nothing to scroll sideways). */
export const noHorizontalOverflow = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/**
 * Ready for a full-page screenshot: at the top, fonts and images loaded, transitions over. Lazy
 * images are asked for now (one in a closed dialog, or far down, would otherwise never load, and
 * waiting for it would never end); a broken one counts as settled.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? undefined
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
  });
}

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A GET with a chosen Host header (Node cannot resolve `*.localhost`, and fetch will not send a
 * custom Host): how the tests reach one brand or another on the same server.
 */
export function getWithHost(
  server: RunningServer,
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, headers: { ...headers, host: `${host}:${server.port}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Waits for a toast (Mantine notification) with the given text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-description', { hasText: text }).first().waitFor();
}

// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field in tests
export type Reply = { code: number; msg: string; key?: string; data: any };

/** Calls the API of a running server as a signed-in user (or nobody); always POST with JSON. */
export function apiAs(server: RunningServer, token: string | undefined, host = 'localhost') {
  return async (path: string, body: Record<string, unknown> = {}): Promise<Reply> => {
    const url = `${path}${path.includes('?') ? '&' : '?'}lang=en`;
    const payload = JSON.stringify(body);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    if (host === 'localhost') {
      const res = await fetch(server.url(url), { method: 'POST', headers, body: payload });
      return (await res.json()) as Reply;
    }
    // Another brand's host: Node's resolver does not know *.localhost, so the request goes to the
    // loopback address with the brand's name in the Host header, as a browser's would.
    return new Promise<Reply>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: url,
          method: 'POST',
          headers: {
            ...headers,
            host: `${host}:${server.port}`,
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => {
            try {
              resolve(JSON.parse(text) as Reply);
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}

/** Signs in one of the demo accounts seeded at first start (see docs/operations.md). */
export async function loginAs(
  server: RunningServer,
  username: string,
  password = 'Demo#2026',
): Promise<string> {
  const reply = await apiAs(server, undefined)('/api/login', { username, password });
  if (reply.code !== 0) throw new Error(`login ${username} failed: ${JSON.stringify(reply)}`);
  return reply.data.token as string;
}

const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082',
  'hex',
);

/** A PNG (by default a tiny valid one), uploaded as the given user for `module` (proof, review, chat...); its URL. */
export async function uploadPng(
  server: RunningServer,
  token: string,
  module: string,
  png: Buffer = TINY_PNG,
): Promise<string> {
  const form = new FormData();
  form.set('moduleName', module);
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
  const res = await fetch(server.url('/api/upload/img'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const reply = (await res.json()) as Reply;
  if (reply.code !== 0) throw new Error(`upload failed: ${JSON.stringify(reply)}`);
  return reply.data.data as string;
}

/**
 * Writes operator params straight into a SQLite data directory's database (creating and migrating
 * it when new), for tests that need other limits than the defaults. Run it while no server is up.
 */
export async function setParams(
  dataDir: string,
  values: Record<string, string>,
  brand = 'novamart',
): Promise<void> {
  const { openDatabase } = await import('../../apps/api/src/core/db/database.ts');
  const { migrateToLatest } = await import('../../apps/api/src/core/db/migrate.ts');
  const db = openDatabase({ sqliteFile: join(dataDir, 'mall.sqlite') });
  try {
    await migrateToLatest(db.kysely);
    for (const [code, value] of Object.entries(values)) {
      await db.kysely
        .insertInto('params')
        .values({ brand, code, value, updated_at: Date.now() })
        .onConflict((oc) => oc.columns(['brand', 'code']).doUpdateSet({ value }))
        .execute();
    }
  } finally {
    await db.close();
  }
}
