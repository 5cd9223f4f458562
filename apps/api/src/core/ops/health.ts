/**
 * /healthz: the process answers (a balancer restarts it when not). /readyz: it can serve, meaning
 * the database and Redis answer; 503 from the moment SIGTERM arrives, so a balancer that checks it
 * stops sending new requests before the process stops accepting them (server.ts waits
 * SHUTDOWN_DRAIN_MS).
 *
 * Then `refuse()`, for balancers that only learn from answers (open-source nginx): GET and HEAD
 * requests are answered 503 unprocessed, which nginx retries on another process and counts as this
 * one's failure, so it stops choosing it. The port closes only once no connection has come for a
 * moment. Closing it while nginx still connects would reset connections the kernel had accepted
 * but the process had not, and nginx cannot retry a POST it has already sent (a 502 to the client).
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { DEFAULT_LANGUAGE, resolveLanguage } from '@mall/i18n';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { errorEnvelope } from '../http/envelope.ts';

const CHECK_TIMEOUT_MS = 2000;
/** `refuse()` resolves once no connection has arrived for this long... */
export const REFUSE_QUIET_MS = 150;
/** ...or after this long whatever comes (a balancer still sending only POSTs, say). */
export const REFUSE_LIMIT_MS = 2000;

export interface Readiness {
  /** From now on /readyz answers 503 (shutting down). */
  drain(): void;
  readonly draining: boolean;
  /**
   * From now on GET and HEAD requests (but /healthz and /readyz) are answered 503 SYSTEM_BUSY
   * without being served; other methods are still served. Resolves when no connection has arrived
   * for REFUSE_QUIET_MS, at most REFUSE_LIMIT_MS after the call.
   */
  refuse(): Promise<void>;
}

/**
 * From now on `server` answers GET and HEAD 503 before Fastify sees them, and passes the rest on.
 * Done by wrapping the server's request listener when the shutdown needs it, so a serving process
 * pays nothing for it (a hook would run on every request).
 */
function refuseIdempotent(server: Server): void {
  const handlers = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const [path, query] = (request.url ?? '/').split('?');
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    if (!idempotent || path === '/healthz' || path === '/readyz') {
      for (const handler of handlers) handler.call(server, request, response);
      return;
    }
    const lang = resolveLanguage(new URLSearchParams(query).get('lang')) ?? DEFAULT_LANGUAGE;
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '1',
      connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : JSON.stringify(errorEnvelope('SYSTEM_BUSY', lang)));
  });
}

/** Resolves when `server` has had no new connection for `quietMs`, or after `limitMs`. */
function untilQuiet(server: Server, quietMs: number, limitMs: number): Promise<void> {
  const started = Date.now();
  let last = started;
  const seen = () => {
    last = Date.now();
  };
  server.on('connection', seen);
  return new Promise((resolve) => {
    const check = () => {
      const now = Date.now();
      if (now - last >= quietMs || now - started >= limitMs) {
        server.off('connection', seen);
        resolve();
      } else setTimeout(check, Math.min(quietMs - (now - last), 25));
    };
    setTimeout(check, quietMs);
  });
}

function within<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what}: no answer in ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
}

export function registerHealth(app: FastifyInstance, deps: { db: Db; redis?: Redis | undefined }): Readiness {
  let draining = false;
  app.get('/healthz', (_request, reply) => {
    reply.header('cache-control', 'no-store').send({ status: 'alive' });
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'draining' });
    const checks: Record<string, string> = {};
    const probe = async (name: string, work: () => Promise<unknown>) => {
      try {
        await within(work(), name);
        checks[name] = 'ok';
      } catch (error) {
        checks[name] = (error as Error).message || 'failed';
      }
    };
    await Promise.all([
      probe('database', () => sql`select 1`.execute(deps.db.kysely)),
      ...(deps.redis ? [probe('redis', () => (deps.redis as Redis).ping())] : []),
    ]);
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
  return {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    refuse() {
      draining = true;
      refuseIdempotent(app.server);
      return untilQuiet(app.server, REFUSE_QUIET_MS, REFUSE_LIMIT_MS);
    },
  };
}
