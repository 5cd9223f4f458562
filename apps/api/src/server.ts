/**
 * `npm start`: parse config, reach the database and Redis, migrate, seed the demo (under a lock,
 * once for any number of processes), listen. On SIGTERM/SIGINT: /readyz turns 503; after
 * SHUTDOWN_DRAIN_MS GETs are refused with 503 until no connection comes for a moment; then the
 * process stops accepting, finishes the requests in flight, closes chat sockets with 1001 and
 * everything else, and exits 0. Any failure to start prints one message and exits 1.
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { parseConfig } from './config/env.ts';
import { migrateToLatest } from './core/db/migrate.ts';
import { connectShared, reachDatabase, seedAtStart } from './core/startup.ts';

const defaultDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultConsoleDist = fileURLToPath(new URL('../../console/dist', import.meta.url));
/** After this long a shutdown stops waiting for requests in flight. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = parseConfig({ WEB_DIST: defaultDist, CONSOLE_DIST: defaultConsoleDist, ...process.env });
  const db = await reachDatabase(config);
  const applied = await migrateToLatest(db.kysely);
  let shared: Awaited<ReturnType<typeof connectShared>>;
  try {
    shared = await connectShared(config);
  } catch (error) {
    await db.close();
    throw error;
  }
  const { bus, redis, rateLimiter } = shared;
  const { app, services, log, readiness } = await buildApp({ config, db, bus, rateLimiter, redis });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  await seedAtStart(config, db, services, log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.drain();
    log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: /readyz answers 503');
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      // A balancer that checks /readyz sees 503 and stops sending new requests...
      if (config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
      // ...and one that only learns from answers (nginx) is told by refused GETs (core/ops/health.ts).
      await readiness.refuse();
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  services.jobs.start();
  services.catalogue.views.start((error) => log.error({ err: error }, 'page views flush failed'));
  log.info(
    {
      address,
      dialect: db.dialect,
      bus: config.redisUrl ? 'redis' : 'local',
      brand: config.brandKey,
      production: config.production,
      // performance.now() counts from the process's start: loading the code, then starting.
      loadMs: Math.round(startedAt),
      startMs: Math.round(performance.now() - startedAt),
    },
    'mall is up',
  );
}

main().catch((error) => {
  // A configuration or reachability problem is one clear message; anything else keeps its stack.
  const message = error instanceof Error ? error.message : String(error);
  const expected = /^(Invalid configuration|Refusing to start|Cannot reach)/.test(message);
  console.error(expected ? message : error);
  process.exit(1);
});
