/**
 * Fastify's query-string parser, remembering its answer per query string as sent. The hottest
 * reads repeat the same query on every request (a popular goods page, page 1 of a category), and
 * parsing it cost about 5,000 of the goods page's 85,000 instructions per request (callgrind,
 * docs/decisions.md): the parse itself, then hashing and adding each new key to a new object.
 *
 * The answers are fast-querystring's, as before (duplicate keys make arrays, `+` is a space,
 * malformed escapes stay as sent), but frozen, since one answer is shared by every request that
 * sent the same query: nothing may change a request's query in place. At most `MAX_REMEMBERED`
 * query strings of up to `MAX_REMEMBERED_LENGTH` characters are kept; a longer one is parsed each
 * time, and when the memo is full it starts again.
 */
import { parse } from 'fast-querystring';

export type ParsedQuery = Readonly<Record<string, string | readonly string[]>>;

export const MAX_REMEMBERED = 1024;
export const MAX_REMEMBERED_LENGTH = 256;

const EMPTY: ParsedQuery = Object.freeze({});

let remembered = new Map<string, ParsedQuery>();

export function parseQueryString(query: string): ParsedQuery {
  if (query.length === 0) return EMPTY;
  const known = remembered.get(query);
  if (known !== undefined) return known;
  const parsed = parse(query) as Record<string, string | string[]>;
  for (const key in parsed) {
    const value = parsed[key];
    if (Array.isArray(value)) Object.freeze(value);
  }
  Object.freeze(parsed);
  if (query.length <= MAX_REMEMBERED_LENGTH) {
    if (remembered.size >= MAX_REMEMBERED) remembered = new Map();
    remembered.set(query, parsed);
  }
  return parsed;
}

/** How many query strings are remembered (tests). */
export function rememberedQueries(): number {
  return remembered.size;
}
