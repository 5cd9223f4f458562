/**
 * /metrics in Prometheus's text format (prom-client): request latency per route, the PostgreSQL
 * pool, jobs due and failed, ledger transfers, chat sockets, and Node's own (event loop, memory).
 * Never public: it answers only a `Authorization: Bearer <METRICS_TOKEN>`, and 404 without a token
 * configured. Every answer goes through Fastify, cached public reads (core/http/edge-cache.ts)
 * included, so every one is counted.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';

export interface MetricsSources {
  db: Db;
  clock: Clock;
  /** Sockets this process holds. */
  chatSockets: () => { owners: number; agents: number; pending: number };
  /** Exact API paths (the dispatcher's table): anything else is labelled by its Fastify route. */
  isApiRoute: (method: string, path: string) => boolean;
}

/** Counted rows are read at most this often, whatever the scrape interval. */
const COUNT_TTL_MS = 5000;

function routeLabel(
  request: FastifyRequest,
  status: number,
  isApiRoute: MetricsSources['isApiRoute'],
): string {
  const path = request.url.split('?')[0] ?? '/';
  if (
    (path.startsWith('/api/') || path.startsWith('/public/')) &&
    status !== 404 &&
    isApiRoute(request.method, path)
  )
    return path;
  if (status === 404) return 'not_found';
  return request.routeOptions.url ?? 'page';
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources: MetricsSources,
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mall_node_' });
  const latency = new Histogram({
    name: 'mall_http_request_duration_seconds',
    help: 'Time from request to answer, by route, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    latency.observe(
      {
        route: routeLabel(request, status, sources.isApiRoute),
        method: request.method,
        status: `${Math.floor(status / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const pool = sources.db.pool;
  if (pool) {
    new Gauge({
      name: 'mall_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting_clients' }, pool.waitingCount);
      },
    });
  }

  let counted: { at: number; value: Promise<{ due: number; failed: number; transfers: number }> } | undefined;
  const counts = () => {
    const now = sources.clock.now();
    if (!counted || now - counted.at > COUNT_TTL_MS) {
      const value = (async () => {
        const jobs = await sources.db.kysely
          .selectFrom('jobs')
          .select([
            sql<number>`sum(case when status = 'pending' and run_at <= ${now} then 1 else 0 end)`.as('due'),
            sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as('failed'),
          ])
          .executeTakeFirst();
        const transfers = await sources.db.kysely
          .selectFrom('ledger_transfers')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst();
        return {
          due: Number(jobs?.due ?? 0),
          failed: Number(jobs?.failed ?? 0),
          transfers: Number(transfers?.n ?? 0),
        };
      })();
      counted = { at: now, value };
      value.catch(() => {
        counted = undefined;
      });
    }
    return counted.value;
  };
  new Gauge({
    name: 'mall_jobs',
    help: 'Durable jobs: due now (pending, run time passed) and failed (attempts used up)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const c = await counts();
      this.set({ state: 'due' }, c.due);
      this.set({ state: 'failed' }, c.failed);
    },
  });
  new Gauge({
    name: 'mall_ledger_transfers',
    help: 'Ledger transfers recorded in the database (all processes)',
    registers: [registry],
    async collect() {
      this.set((await counts()).transfers);
    },
  });
  new Gauge({
    name: 'mall_chat_sockets',
    help: 'Chat WebSockets held by this process',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const c = sources.chatSockets();
      this.set({ kind: 'owner' }, c.owners);
      this.set({ kind: 'agent' }, c.agents);
      this.set({ kind: 'unauthenticated' }, c.pending);
    },
  });

  app.get('/metrics', async (request, reply) => {
    if (!token || !tokenMatches(request.headers.authorization, token)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
