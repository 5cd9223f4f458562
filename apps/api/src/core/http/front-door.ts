/**
 * The front door: anonymous GETs whose answer a service already holds, answered from the HTTP
 * server's request listener before Fastify builds a request, a reply and a route context for them.
 * Measured on the goods page (`/api/sellerGoods/info`, 50,000 goods, docs/decisions.md): 1.07
 * times as many answers a second as through the route (1.03-1.13 in ten alternating pairs), about
 * 4,000 fewer instructions a request; the route's context, input check and Fastify's request and
 * reply were most of what the mall itself still did for a cache hit.
 *
 * It answers only what the route would have answered byte for byte, and only from the same cache
 * the route reads, so nothing here has its own copy to invalidate:
 * - a GET to a route that declared a cached read, at its exact path (no trailing slash, no escapes);
 * - no session sent (no `Authorization` header, no `token` in the query): a signed-in buyer's page
 *   says whether they keep the goods, so it always takes the route;
 * - the read finds the answer (it also counts the view, as the route does); anything it does not
 *   expect (a missing or repeated parameter, a page not cached) makes it answer undefined.
 * Every other request, and every request while the server closes (Fastify answers those 503), goes
 * on to Fastify unchanged. Off while access lines are on, so every request has its line.
 */
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { DEFAULT_LANGUAGE, type LanguageCode, resolveLanguage } from '@mall/i18n';
import type { FastifyServerFactory } from 'fastify';
import type { JsonReply } from './json-reply.ts';
import { type StampHeaders, writeJsonReply } from './ok-answer.ts';
import { type ParsedQuery, parseQueryString } from './query-string.ts';

/**
 * The answer to an anonymous GET when the service holds it already, else undefined. `query` is as
 * sent, not checked against the route's input: a read looks only for exactly what it expects.
 */
export type CachedRead = (query: ParsedQuery, lang: LanguageCode) => JsonReply | undefined;

export class FrontDoor {
  // A list, not a map: with a few paths, comparing the URL's start spares every other request a cut
  // path and its hash. Measured on `params` (callgrind): within the 1-2% one process differs from
  // the next, as the map was; the front door's cost to other calls is no more than that.
  private readonly reads: { path: string; read: CachedRead }[] = [];
  private open: boolean;
  private answeredCount = 0;

  constructor(
    /** Off (every request goes to Fastify) while access lines are written: see the header. */
    enabled: boolean,
    /** Headers every answer carries besides its own (the storefront's build stamp). */
    private readonly stamp: StampHeaders = [],
  ) {
    this.open = enabled;
  }

  /** Registers the cached read of the GET route at `path` (an exact path of the route table). */
  register(path: string, read: CachedRead): void {
    if (this.reads.some((r) => r.path === path)) throw new Error(`cached read of ${path} twice`);
    this.reads.push({ path, read });
  }

  /** From now on every request goes to Fastify, which answers 503 while it closes. */
  close(): void {
    this.open = false;
  }

  /** How many requests the front door has answered (monitoring, tests). */
  get answered(): number {
    return this.answeredCount;
  }

  /** Answers the request when it can and says so; false leaves the request untouched for Fastify. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.open || request.method !== 'GET' || request.headers.authorization !== undefined) return false;
    const url = request.url ?? '';
    const read = this.readAt(url);
    if (read === undefined) return false;
    const q = url.indexOf('?');
    const query = parseQueryString(q < 0 ? '' : url.slice(q + 1));
    if (query.token !== undefined) return false;
    let reply: JsonReply | undefined;
    try {
      reply = read(query, resolveLanguage(query.lang) ?? DEFAULT_LANGUAGE);
    } catch {
      // The route runs the same read again inside Fastify, whose error handler answers and logs it.
      return false;
    }
    if (reply === undefined) return false;
    writeJsonReply(response, request.headers['accept-encoding'], reply, this.stamp);
    this.answeredCount++;
    return true;
  }

  /** The read registered for the URL's path exactly (the path ends at `?` or at the URL's end). */
  private readAt(url: string): CachedRead | undefined {
    for (const { path, read } of this.reads) {
      if (
        url.startsWith(path) &&
        (url.length === path.length || url.charCodeAt(path.length) === QUESTION_MARK)
      ) {
        return read;
      }
    }
    return undefined;
  }
}

const QUESTION_MARK = 0x3f;

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would make, with the front door ahead of
 * Fastify's handler. Fastify leaves the timeouts to a factory's server, so they are set here from
 * its options (their defaults applied) the way Fastify sets them on a server of its own.
 */
export function serverWithFrontDoor(frontDoor: FrontDoor): FastifyServerFactory {
  return (handler, options) => {
    const server = createServer((options.http ?? {}) as ServerOptions, (request, response) => {
      if (!frontDoor.tryAnswer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    const maxRequestsPerSocket = options.maxRequestsPerSocket as number | null;
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
