import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okEnvelope } from './envelope.ts';
import { JsonReply } from './json-reply.ts';
import { writeOkAnswer } from './ok-answer.ts';

const small = { name: '无线 "耳机"', price: '12.5', none: null };
const big = { list: Array.from({ length: 200 }, (_, i) => ({ i, name: `蓝牙耳机 ${i}` })) };
const STAMP = ['x-mall-build', 'b-42'];

describe('success answers written to the response', () => {
  let app: FastifyInstance;
  const finished: number[] = [];
  const smallReply = JsonReply.of(small);
  const bigReply = JsonReply.of(big);

  beforeAll(async () => {
    app = Fastify({ logger: false });
    // Fastify's own bookkeeping (timing, request logs) still sees every answer finish.
    app.addHook('onResponse', (_request, reply, done) => {
      finished.push(reply.statusCode);
      done();
    });
    app.setErrorHandler((_error, _request, reply) => reply.code(500).send({ code: 500 }));
    app.get('/small', (_request, reply) => writeOkAnswer(reply, smallReply, STAMP));
    app.get('/big', (_request, reply) => writeOkAnswer(reply, bigReply, STAMP));
    app.get('/plain', (_request, reply) => writeOkAnswer(reply, small, STAMP));
    app.get('/empty', (_request, reply) => writeOkAnswer(reply, undefined, []));
    app.get('/later', async (_request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      writeOkAnswer(reply, small, STAMP);
    });
    app.get('/unserializable', (_request, reply) => writeOkAnswer(reply, { amount: 10n }, STAMP));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a cached answer byte for byte with its type, length, no-store and the stamp', async () => {
    const res = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(smallReply.okEnvelopeBytes())).toBe(true);
    expect(res.body).toBe(JSON.stringify(okEnvelope(small)));
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(smallReply.okEnvelopeBytes().length),
      'x-mall-build': 'b-42',
    });
    // Too small to be worth gzip: the same bytes whatever the client takes, so nothing varies.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('sends the gzip form to a client that takes gzip, the plain one otherwise, and says it varies', async () => {
    const gzipped = await app.inject({
      method: 'GET',
      url: '/big',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(gzipped.headers['content-length']).toBe(String(gzipped.rawPayload.length));
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(JSON.stringify(okEnvelope(big)));

    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0, br' }]) {
      const plain = await app.inject({ method: 'GET', url: '/big', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.json()).toEqual(okEnvelope(big));
    }
  });

  it('serializes anything else as the envelope, its length counted in bytes, not characters', async () => {
    const res = await app.inject({ method: 'GET', url: '/plain' });
    const expected = JSON.stringify(okEnvelope(small));
    expect(res.body).toBe(expected);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    expect(Number(res.headers['content-length'])).toBeGreaterThan(expected.length);
    expect((await app.inject({ method: 'GET', url: '/empty' })).json()).toEqual(okEnvelope(null));
  });

  it('answers after an await the same way', async () => {
    const res = await app.inject({ method: 'GET', url: '/later' });
    expect(res.json()).toEqual(okEnvelope(small));
    expect(res.headers['x-mall-build']).toBe('b-42');
  });

  it('writes no body to HEAD, with the length of the one GET would have', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/big' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-length']).toBe(String(bigReply.okEnvelopeBytes().length));
  });

  it('leaves a value that cannot be serialized to the error handler, with nothing written before', async () => {
    const res = await app.inject({ method: 'GET', url: '/unserializable' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500 });
    expect(res.headers['x-mall-build']).toBeUndefined();
  });

  it("lets Fastify's response hooks see every answer finish", async () => {
    finished.length = 0;
    await app.inject({ method: 'GET', url: '/small' });
    await app.inject({ method: 'GET', url: '/later' });
    expect(finished).toEqual([200, 200]);
  });
});
