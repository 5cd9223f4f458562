/**
 * Pre-serialized reply data. A service that caches a large answer (the home page, a page of goods)
 * keeps it as JSON text and returns a JsonReply; the route writes the envelope made from that text
 * (core/http/ok-answer.ts) instead of running JSON.stringify over the same 30 KB on every request.
 * Measured on this machine, stringifying the home page cost more than everything else the request
 * did. Anything else still goes through JSON.stringify, unchanged.
 */
import { gzipSync } from 'node:zlib';
import { OK_MSG } from './envelope.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Smaller answers go out as they are: gzip's own framing and the client's work are not worth it. */
export const GZIP_FROM_BYTES = 1024;

/**
 * Whether the client takes gzip (`Accept-Encoding`, RFC 9110 §12.5.3) with a quality above zero:
 * as `gzip` when it names it (which outranks `*`), else as `*`.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  // Every request of one browser, and of most browsers, sends the same header: one remembered
  // answer spares parsing it again on each cached read (about 1% of a goods page's request).
  if (header === lastHeader) return lastAnswer;
  const answer = parseAcceptsGzip(Array.isArray(header) ? header.join(',') : header);
  if (typeof header === 'string') {
    lastHeader = header;
    lastAnswer = answer;
  }
  return answer;
}

let lastHeader: string | undefined;
let lastAnswer = false;

function parseAcceptsGzip(text: string): boolean {
  let any: boolean | undefined;
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return accepted;
    any = accepted;
  }
  return any ?? false;
}

export class JsonReply<T = unknown> {
  /** `json` must be the JSON.stringify of a value of type T. */
  private constructor(readonly json: string) {}

  private okBytes: Buffer | undefined;
  private okGzip: Buffer | null | undefined;

  /**
   * The whole success envelope as bytes, made once per cached answer: the route sends these as
   * they are, so a hit neither builds a 30 KB string nor encodes it to UTF-8 again.
   */
  okEnvelopeBytes(): Buffer {
    this.okBytes ??= Buffer.from(`{"code":0,"msg":${JSON.stringify(OK_MSG)},"data":${this.json}}`);
    return this.okBytes;
  }

  /**
   * The same envelope gzipped, made once per cached answer (home's 30 KB become about 5 KB for a
   * phone); undefined when the answer is too small to be worth it.
   */
  okEnvelopeGzip(): Buffer | undefined {
    if (this.okGzip === undefined) {
      const plain = this.okEnvelopeBytes();
      this.okGzip = plain.length >= GZIP_FROM_BYTES ? gzipSync(plain) : null;
    }
    return this.okGzip ?? undefined;
  }

  static of<T>(value: T): JsonReply<T> {
    return new JsonReply<T>(JSON.stringify(value));
  }

  /** The value again (tests, and any serializer that does not know this class). */
  value(): T {
    return JSON.parse(this.json) as T;
  }

  toJSON(): T {
    return this.value();
  }
}
