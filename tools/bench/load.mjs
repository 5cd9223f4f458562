// Load generation for `npm run bench`: Debian's wrk when installed (it costs the least per request),
// else autocannon; pinned to core 1 while the server under test has core 0. Requests other than a
// plain GET (a method, headers or a body) go to wrk through a small generated Lua script.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const CONNECTIONS = 64;
export const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
export const GENERATOR = hasWrk ? 'wrk' : 'autocannon';

export function pinned(core, command, args, env = {}) {
  return spawn('taskset', ['-c', String(core), command, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function toMs(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

const luaString = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function luaScript(request) {
  const lines = [`wrk.method = ${luaString(request.method ?? 'GET')}`];
  for (const [k, v] of Object.entries(request.headers ?? {}))
    lines.push(`wrk.headers[${luaString(k)}] = ${luaString(v)}`);
  if (request.body !== undefined) lines.push(`wrk.body = ${luaString(request.body)}`);
  const file = join(mkdtempSync(join(tmpdir(), 'mall-wrk-')), 'request.lua');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function wrk(request, seconds) {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency'];
  // Slow endpoints by design (a password hash each) queue longer than wrk's default 2 s time-out.
  if (request.timeoutSeconds) args.push('--timeout', `${request.timeoutSeconds}s`);
  if (request.method || request.headers || request.body !== undefined) args.push('-s', luaScript(request));
  return new Promise((resolve, reject) => {
    const child = pinned(1, 'wrk', [...args, request.url]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited ${code}`));
      const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out) ?? /Socket errors: (.*)/.exec(out);
      if (bad) return reject(new Error(`${request.url}: ${bad[0]}`));
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
      });
    });
  });
}

function autocannon(request, seconds) {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  if (request.timeoutSeconds) args.push('-t', String(request.timeoutSeconds));
  if (request.method) args.push('-m', request.method);
  for (const [k, v] of Object.entries(request.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (request.body !== undefined) args.push('-b', request.body);
  return new Promise((resolve, reject) => {
    const child = pinned(1, join(root, 'node_modules/.bin/autocannon'), [...args, request.url]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out.trim().split('\n').pop());
      if (r.non2xx > 0 || r.errors > 0)
        return reject(new Error(`${request.url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve({ rps: r.requests.average, p99: r.latency.p99 });
    });
  });
}

/** One load run: `{ rps, p99 }` (p99 in ms). */
export function load(request, seconds) {
  return hasWrk ? wrk(request, seconds) : autocannon(request, seconds);
}

/**
 * The paced client compiled from paced-load.c into .artifacts/bench (again when the source is newer),
 * or undefined where there is no C compiler: the JavaScript client then paces the runs instead.
 */
function compilePacedClient() {
  const source = join(root, 'tools/bench/paced-load.c');
  const binary = join(root, '.artifacts/bench/paced-load');
  if (existsSync(binary) && statSync(binary).mtimeMs >= statSync(source).mtimeMs) return binary;
  mkdirSync(join(root, '.artifacts/bench'), { recursive: true });
  const built = spawnSync('cc', ['-O2', '-o', binary, source], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (built.status === 0) return binary;
  process.stderr.write(
    `bench: no C paced client (${built.error?.message ?? built.stderr}), using paced-load.mjs\n`,
  );
  return undefined;
}

let compiled;
/** Compiled on the first paced run, not on import: chat.mjs imports this file and paces nothing. */
const pacedClient = () => {
  compiled ??= { binary: compilePacedClient() };
  return compiled.binary;
};
/** Which client paced the runs (the bench's header line names it). */
export const pacedClientName = () => (pacedClient() ? 'paced-load.c' : 'paced-load.mjs');

/** The whole HTTP/1.1 request as the paced client sends it, in a file of its own. */
function requestFile(request) {
  const url = new URL(request.url);
  const body = request.body ?? '';
  const head = [
    `${request.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`,
    `host: ${url.host}`,
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...(body ? [`content-length: ${Buffer.byteLength(body)}`] : []),
    '',
    '',
  ].join('\r\n');
  const file = join(mkdtempSync(join(tmpdir(), 'mall-paced-')), 'request.http');
  writeFileSync(file, head + body);
  return file;
}

/**
 * A run at a fixed request rate, for latency under a load the server can carry: an open-loop
 * client (neither wrk nor autocannon can hold a rate without bursts), paced-load.c where it
 * compiles, else paced-load.mjs. Answers `{ rps, p99 }` like `load`.
 */
export function loadAtRate(request, seconds, rate) {
  const url = new URL(request.url);
  const args = [
    url.hostname,
    url.port || '80',
    requestFile(request),
    String(Math.max(1, Math.round(rate))),
    String(seconds),
  ];
  const binary = pacedClient();
  const [command, commandArgs] = binary
    ? [binary, args]
    : [process.execPath, [join(root, 'tools/bench/paced-load.mjs'), ...args]];
  return new Promise((resolve, reject) => {
    const child = pinned(1, command, commandArgs);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`paced load exited ${code}: ${err}`));
      const r = JSON.parse(out.trim().split('\n').pop());
      if (r.failed > 0)
        return reject(new Error(`${request.url}: ${r.failed} of ${r.sent} failed at ${rate}/s`));
      resolve({ rps: r.rps, p99: r.p99 });
    });
  });
}
