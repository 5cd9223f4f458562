/**
 * The one cache of public reads, at the HTTP edge. A route opts in with `publicCache` (route.ts);
 * then a visitor's GET (no session token anywhere) is answered from here when this process has
 * the answer, keyed by brand, language and the URL as sent (path and query). The answer is kept
 * as the bytes sent: the envelope, its gzip and brotli forms (when 1 KB or more, each made the
 * first time a client asks for it: a miss compresses once, for the coding its client takes, not
 * twice) and an ETag, so a hit costs neither JSON.stringify nor compression, and a client or CDN
 * that holds the same ETag gets a 304.
 *
 * Freshness: each entry lives the route's `seconds` in this process; changes drop what they name
 * (`invalidate`, wired in app.ts to the catalogue's changes, here and from other processes): a
 * goods' stock change drops the answers tagged with that goods, any other catalogue change drops
 * everything, a brand change makes new keys. Errors are never kept. Requests that miss together
 * wait for one run of the route (single flight).
 *
 * What a client or CDN is told: `public, max-age=0, s-maxage=<seconds>, must-revalidate`.
 * Browsers ask again on every use (a 304 when nothing changed), so a change is seen at once; a
 * shared cache may reuse the answer for the route's seconds. `Vary: accept-encoding,
 * authorization` keeps a signed-in buyer's request away from a visitor's stored answer.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { OK_MSG } from './envelope.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Smaller answers go out as they are: compression's framing and the client's work are not worth it. */
export const COMPRESS_FROM_BYTES = 1024;

/** How a route's answers to visitors are kept (RouteDefinition.publicCache). */
export interface PublicCachePolicy<I> {
  /** Seconds this process keeps an answer, and a shared cache (s-maxage) may reuse it. */
  seconds: number;
  /** What the answer shows (e.g. `goods:<id>`), so an event naming it drops the answer. */
  tags?(input: I): readonly string[];
  /** What every answer served from the cache must still do (count a view), as `handle` would. */
  onCachedAnswer?(input: I): void;
}

export interface EdgeEntry {
  readonly body: Buffer;
  /** The body is large enough to be sent compressed (COMPRESS_FROM_BYTES). */
  readonly compressible: boolean;
  /** Its gzip and brotli forms, each made on first use and kept (compressed()). */
  gzip: Buffer | undefined;
  br: Buffer | undefined;
  readonly etag: string;
  readonly cacheControl: string;
  readonly input: unknown;
  readonly tags: readonly string[];
  readonly expires: number;
}

/** Everything, for an event that does not say what changed. */
export const ALL = 'all';

export class EdgeCache {
  private readonly entries = new Map<string, EdgeEntry>();
  private readonly inflight = new Map<string, Promise<EdgeEntry>>();
  /** Bumped by every invalidation: an answer computed across one is sent but not kept. */
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly capacity = 5000,
  ) {}

  /**
   * The key of a visitor's request: brand, language and the URL as sent. The brand is named by
   * its object, which an operator's change replaces (core/brand.ts): the new settings get new
   * keys at once and the old entries age out.
   */
  keyOf(brand: object, lang: string, url: string): string {
    let id = this.brandIds.get(brand);
    if (id === undefined) {
      id = String(this.nextBrandId++);
      this.brandIds.set(brand, id);
    }
    return `${id} ${lang} ${url}`;
  }

  private readonly brandIds = new WeakMap<object, string>();
  private nextBrandId = 0;

  /** A fresh entry, or undefined. */
  get(key: string): EdgeEntry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The entry for `key`, computing it with `run` unless another request already is; `ran` says
   * whether this call's `run` made it (it then did the route's own side effects, such as counting).
   */
  async fill<I>(
    key: string,
    input: I,
    policy: PublicCachePolicy<I>,
    run: () => Promise<unknown>,
  ): Promise<{ entry: EdgeEntry; ran: boolean }> {
    const pending = this.inflight.get(key);
    if (pending) return { entry: await pending, ran: false };
    const generation = this.generation;
    const promise = run().then((data) => this.entryOf(data, input, policy));
    this.inflight.set(key, promise);
    try {
      const entry = await promise;
      if (generation === this.generation) this.keep(key, entry);
      return { entry, ran: true };
    } finally {
      this.inflight.delete(key);
    }
  }

  /** Drops the entries showing any of `tags`, or every entry for ALL. */
  invalidate(tags: readonly string[] | typeof ALL): void {
    this.generation++;
    if (tags === ALL) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, entry: EdgeEntry): void {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  private entryOf<I>(data: unknown, input: I, policy: PublicCachePolicy<I>): EdgeEntry {
    const body = Buffer.from(
      `{"code":0,"msg":${JSON.stringify(OK_MSG)},"data":${JSON.stringify(data ?? null)}}`,
    );
    return {
      body,
      compressible: body.length >= COMPRESS_FROM_BYTES,
      gzip: undefined,
      br: undefined,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: `public, max-age=0, s-maxage=${policy.seconds}, must-revalidate`,
      input,
      tags: policy.tags?.(input) ?? [],
      expires: this.clock.now() + policy.seconds * 1000,
    };
  }
}

/** Sends a kept answer: a 304 when the client holds its ETag, else its best encoding. */
export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: EdgeEntry): FastifyReply {
  reply
    .header('cache-control', entry.cacheControl)
    .header('etag', entry.etag)
    .header('vary', 'accept-encoding, authorization');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.header('content-type', JSON_TYPE);
  const coding = entry.compressible ? preferredCoding(request.headers['accept-encoding']) : undefined;
  if (coding === undefined) return reply.send(entry.body);
  return reply.header('content-encoding', coding).send(compressed(entry, coding));
}

/**
 * The entry's body in `coding`, compressed the first time it is asked for and kept in the entry.
 * Brotli at quality 5: within a few per cent of 11 on JSON, at a small part of its time.
 */
export function compressed(entry: EdgeEntry, coding: 'br' | 'gzip'): Buffer {
  if (coding === 'br') {
    entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.body);
  return entry.gzip;
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === bare;
  });
}

/**
 * br when the client takes it, else gzip, else undefined (Accept-Encoding, RFC 9110 §12.5.3:
 * a named coding outranks `*`; quality 0 refuses). Browsers send the same header on every
 * request: the last answer is remembered.
 */
export function preferredCoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === lastHeader) return lastCoding;
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';');
    const quality = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    q.set(name.trim().toLowerCase(), quality === undefined ? 1 : Number(quality.slice(2)));
  }
  const takes = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  const coding = takes('br') ? 'br' : takes('gzip') ? 'gzip' : undefined;
  lastHeader = text;
  lastCoding = coding;
  return coding;
}

let lastHeader: string | undefined;
let lastCoding: 'br' | 'gzip' | undefined;
