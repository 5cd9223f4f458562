/**
 * /healthz: the process answers (a balancer restarts it when not). /readyz: it can serve, meaning
 * the database and Redis answer; 503 from the moment SIGTERM arrives, so the balancer stops sending
 * new requests before the process stops accepting them (server.ts waits SHUTDOWN_DRAIN_MS).
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

const CHECK_TIMEOUT_MS = 2000;

export interface Readiness {
  /** From now on /readyz answers 503 (shutting down). */
  drain(): void;
  readonly draining: boolean;
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
  };
}
