import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type CachedRead, FrontDoor, serverWithFrontDoor } from './front-door.ts';
import { JsonReply } from './json-reply.ts';

const STAMP = ['x-mall-build', 'b-7'];
const big = { list: Array.from({ length: 100 }, (_, i) => ({ i, name: `蓝牙耳机 ${i}` })) };

describe('front door', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A listening Fastify behind a front door with one cached read at /api/x; Fastify answers "route". */
  async function serve(read: CachedRead, enabled = true) {
    const door = new FrontDoor(enabled, STAMP);
    door.register('/api/x', read);
    app = Fastify({ logger: false, serverFactory: serverWithFrontDoor(door), keepAliveTimeout: 9000 });
    app.all('/*', async () => 'route');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const send = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${path}`, init);
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    /** A GET with headers as written (name case and repeats kept, which fetch does not do). */
    const sendRaw = (path: string, rawHeaders: string[]) =>
      new Promise<{ encoding: string | undefined; body: string }>((resolve, reject) => {
        // An array of headers goes out as it is: Node adds no Host header to it.
        const headers = ['Host', base.slice('http://'.length), ...rawHeaders];
        const req = httpRequest(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            resolve({ encoding, body: (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString() });
          });
        });
        req.on('error', reject);
        req.end();
      });
    return { door, server: app.server, send, sendRaw };
  }

  it('answers a read with its envelope, type, length, stamp and gzip form, and counts it', async () => {
    const seen: unknown[] = [];
    const reply = JsonReply.of(big);
    const { door, send } = await serve((query, lang) => {
      seen.push([query.id, lang]);
      return reply;
    });
    const plain = await send('/api/x?id=7&lang=cn', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.res.status).toBe(200);
    expect(plain.body.equals(reply.okEnvelopeBytes())).toBe(true);
    expect(Object.fromEntries(plain.res.headers)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(reply.okEnvelopeBytes().length),
      'x-mall-build': 'b-7',
      vary: 'accept-encoding',
    });
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    const zipped = await send('/api/x?id=8', { headers: { 'accept-encoding': 'gzip' } });
    // fetch unzips for us: the bytes on the wire are the gzip form (their length says so).
    expect(zipped.res.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.res.headers.get('content-length')).toBe(String(reply.okEnvelopeGzip()?.length));
    expect(JSON.parse(zipped.body.toString())).toEqual({ code: 0, msg: 'success', data: big });
    expect(gunzipSync(reply.okEnvelopeGzip() as Buffer).equals(reply.okEnvelopeBytes())).toBe(true);
    // The language as resolved, the default when none is sent.
    expect(seen).toEqual([
      ['7', 'zh-CN'],
      ['8', 'en'],
    ]);
    expect(door.answered).toBe(2);
  });

  it('leaves to Fastify what it cannot answer, and every request once it is closed or off', async () => {
    const reply = JsonReply.of({ a: 1 });
    const { door, send, server } = await serve((query) => {
      if (query.id === 'boom') throw new Error('read failed');
      return query.id === 'hit' ? reply : undefined;
    });
    const answeredBy = async (path: string, init?: RequestInit) => (await send(path, init)).body.toString();
    expect(await answeredBy('/api/x?id=hit')).toBe('{"code":0,"msg":"success","data":{"a":1}}');
    expect(await answeredBy('/api/x?id=miss')).toBe('route');
    expect(await answeredBy('/api/x?id=boom')).toBe('route');
    expect(await answeredBy('/api/x')).toBe('route');
    expect(await answeredBy('/api/x/?id=hit')).toBe('route');
    expect(await answeredBy('/api/y?id=hit')).toBe('route');
    expect(await answeredBy('/api/xy?id=hit')).toBe('route');
    expect(await answeredBy('/api/x?id=hit&token=abc')).toBe('route');
    expect(await answeredBy('/api/x?id=hit', { headers: { authorization: 'Bearer abc' } })).toBe('route');
    expect(await answeredBy('/api/x?id=hit', { method: 'POST' })).toBe('route');
    expect((await send('/api/x?id=hit', { method: 'HEAD' })).res.headers.get('content-type')).toMatch(/text/);
    expect(door.answered).toBe(1);
    // Timeouts as Fastify sets them on a server of its own.
    expect(server.keepAliveTimeout).toBe(9000);
    expect(server.requestTimeout).toBe(0);
    door.close();
    expect(await answeredBy('/api/x?id=hit')).toBe('route');
    expect(door.answered).toBe(1);
  });

  it('reads the session and Accept-Encoding headers whatever their case, repeats joined', async () => {
    const reply = JsonReply.of(big);
    const { door, sendRaw } = await serve(() => reply);
    const envelope = reply.okEnvelopeBytes().toString();
    const route = { encoding: undefined, body: 'route' };
    const plain = { encoding: undefined, body: envelope };
    const zipped = { encoding: 'gzip', body: envelope };
    const cases: [string[], typeof route | typeof zipped][] = [
      [['Authorization', 'Bearer abc'], route],
      [['AUTHORIZATION', 'Bearer abc'], route],
      [['Cache-Control', 'no-cache'], plain],
      [['Accept-Encoding', 'gzip'], zipped],
      [['ACCEPT-ENCODING', 'br, gzip'], zipped],
      [['accept-encoding', 'identity'], plain],
      // Repeated, the values count together, as in the joined header Fastify's routes read.
      [['Accept-Encoding', 'br', 'accept-encoding', 'gzip'], zipped],
    ];
    for (const [headers, expected] of cases) {
      expect(await sendRaw('/api/x', headers), headers.join(': ')).toEqual(expected);
    }
    expect(door.answered).toBe(5);
  });

  it('answers nothing when built off (access lines on)', async () => {
    const { door, send } = await serve(() => JsonReply.of({ a: 1 }), false);
    expect((await send('/api/x?id=1')).body.toString()).toBe('route');
    expect(door.answered).toBe(0);
  });

  it('refuses a second read for one path', () => {
    const door = new FrontDoor(true);
    door.register('/api/x', () => undefined);
    expect(() => door.register('/api/x', () => undefined)).toThrow(/twice/);
  });
});
