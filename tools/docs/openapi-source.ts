/**
 * The OpenAPI document as the API serves it, built from a throwaway app on an empty SQLite file:
 * the route definitions are the source; nothing is read from a running server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config/env.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { definedRoutes } from '../../apps/api/src/core/http/route.ts';
import { buildOpenApi, type OpenApiDocument } from '../../apps/api/src/core/openapi/openapi.ts';

export async function loadOpenApi(): Promise<OpenApiDocument> {
  const dir = mkdtempSync(join(tmpdir(), 'mall-docs-'));
  const db = openDatabase({ sqliteFile: join(dir, 'mall.sqlite'), durability: 'fast' });
  try {
    await migrateToLatest(db.kysely);
    const config = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir });
    const mall = await buildApp({ config, db, logger: false });
    try {
      return buildOpenApi(definedRoutes(mall.app));
    } finally {
      await mall.app.close();
    }
  } finally {
    await db.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
