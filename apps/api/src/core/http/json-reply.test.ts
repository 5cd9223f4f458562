import { describe, expect, it } from 'vitest';
import { okEnvelope } from './envelope.ts';
import { acceptsGzip, JsonReply } from './json-reply.ts';

describe('pre-serialized replies', () => {
  const value = { list: [{ name: '无线 "耳机"', price: '12.5' }], total: 1, none: null };

  it('round-trips its value and serializes like the value itself elsewhere', () => {
    const reply = JsonReply.of(value);
    expect(reply.value()).toEqual(value);
    expect(JSON.stringify({ data: reply })).toBe(JSON.stringify({ data: value }));
  });

  it('makes the success envelope bytes once, as JSON.stringify writes the envelope of the value', () => {
    const reply = JsonReply.of(value);
    expect(reply.okEnvelopeBytes().toString('utf8')).toBe(JSON.stringify(okEnvelope(value)));
    expect(reply.okEnvelopeBytes()).toBe(reply.okEnvelopeBytes());
  });

  it('reads Accept-Encoding: gzip named or by *, unless its quality is zero', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('identity, br')).toBe(false);
    expect(acceptsGzip('x-gzip2')).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    // Named, gzip outranks *, whichever comes first.
    expect(acceptsGzip('*;q=0, gzip')).toBe(true);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
  });

  it('answers a repeated Accept-Encoding as the first time, whatever came between', () => {
    const sequence = ['gzip;q=0', 'gzip;q=0', 'gzip', 'gzip', 'gzip;q=0', 'br', 'gzip'];
    expect(sequence.map((h) => acceptsGzip(h))).toEqual([false, false, true, true, false, false, true]);
    expect(acceptsGzip(['gzip;q=0'])).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('gzips only answers worth it, once', () => {
    const small = JsonReply.of({ a: 1 });
    expect(small.okEnvelopeGzip()).toBeUndefined();
    const big = JsonReply.of({ list: Array.from({ length: 200 }, (_, i) => ({ i, name: `goods ${i}` })) });
    const gzipped = big.okEnvelopeGzip();
    expect(gzipped).toBeDefined();
    expect(big.okEnvelopeGzip()).toBe(gzipped);
  });
});
