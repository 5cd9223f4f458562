import { parse } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED,
  MAX_REMEMBERED_LENGTH,
  parseQueryString,
  rememberedQueries,
} from './query-string.ts';

describe('parseQueryString', () => {
  const samples = [
    'sellerGoodsId=123456789&lang=en',
    'keyword=%E8%93%9D%E7%89%99%E8%80%B3&lang=ar',
    'keyword=a+b+c&k=%22x%22',
    'a=1&a=2&a=3',
    'flag&x=&=y&&',
    'bad=%E0%A4%A&ok=1',
    '__proto__=x&constructor=y',
    'k=a=b',
  ];

  it.each(samples)('answers what fast-querystring answers for %s', (query) => {
    expect({ ...parseQueryString(query) }).toEqual({ ...parse(query) });
  });

  it('answers an empty object for an empty query', () => {
    expect(parseQueryString('')).toEqual({});
  });

  it('keeps a parsed key named __proto__ as data, not as the prototype', () => {
    const parsed = parseQueryString('__proto__=polluted');
    expect(Object.getPrototypeOf(parsed)?.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toBe('polluted');
  });

  it('answers the same frozen object for the same query, arrays frozen too', () => {
    const first = parseQueryString('pageNum=2&sort=price&sort=sales');
    expect(parseQueryString('pageNum=2&sort=price&sort=sales')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.sort)).toBe(true);
    expect(() => {
      (first as Record<string, unknown>).pageNum = '3';
    }).toThrow(TypeError);
    expect(first.pageNum).toBe('2');
  });

  it('parses a long query each time without remembering it', () => {
    const long = `keyword=${'x'.repeat(MAX_REMEMBERED_LENGTH)}`;
    const before = rememberedQueries();
    const first = parseQueryString(long);
    expect(first.keyword).toBe('x'.repeat(MAX_REMEMBERED_LENGTH));
    expect(parseQueryString(long)).not.toBe(first);
    expect(rememberedQueries()).toBe(before);
  });

  it('remembers at most MAX_REMEMBERED queries', () => {
    for (let i = 0; i < MAX_REMEMBERED + 10; i++) parseQueryString(`pageNum=${i}`);
    expect(rememberedQueries()).toBeLessThanOrEqual(MAX_REMEMBERED);
    expect(parseQueryString('pageNum=5')).toEqual({ pageNum: '5' });
  });
});
