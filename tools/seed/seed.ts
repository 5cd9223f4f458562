/**
 * Writes a generated demo catalogue through the modules' import calls, in one transaction with a
 * marker row, so two processes starting together on one database seed it once. Used by
 * `npm start` (a small catalogue on an empty database) and by `npm run seed` (any size).
 */
import { sql } from 'kysely';
import { type Db, inTransaction } from '../../apps/api/src/core/db/database.ts';
import { CatalogueImport, CatalogueRepository } from '../../apps/api/src/modules/catalogue/index.ts';
import { FavouritesRepository } from '../../apps/api/src/modules/favourites/index.ts';
import { ReviewsRepository } from '../../apps/api/src/modules/reviews/index.ts';
import { type DemoCatalogue, type GenerateOptions, generateCatalogue } from './generate.ts';

/** What `npm start` puts into an empty database. */
export const STARTER_CATALOGUE = { products: 2000, sellers: 30, seed: 2026 } as const;

export const SEED_MARKER = 'demo_seed';

export interface SeedResult {
  seeded: boolean;
  /** Why nothing was written. */
  reason?: 'not-empty' | 'already-seeded';
  counts?: Record<keyof DemoCatalogue, number>;
  ms: number;
}

export async function writeCatalogue(
  db: Db,
  data: DemoCatalogue,
  marker: string,
  now: number,
): Promise<boolean> {
  const repository = new CatalogueRepository(db.kysely, db.dialect);
  const importer = new CatalogueImport();
  return inTransaction(db.kysely, async (tx) => {
    if (!(await repository.claimMeta(tx, SEED_MARKER, marker, now))) return false;
    await importer.categories(tx, data.categories, now);
    await importer.sellers(tx, data.sellers);
    await importer.goods(tx, data.goods);
    await importer.banners(tx, data.banners);
    await importer.activities(tx, data.activities);
    await new ReviewsRepository(tx).insertMany(tx, data.reviews);
    await new FavouritesRepository(tx).insertMany(tx, data.keeps, data.follows);
    return true;
  });
}

/** Refreshes planner statistics (merges the FTS index on SQLite, vacuums on PostgreSQL) after a bulk load. */
async function tidy(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') {
    await sql`insert into goods_fts(goods_fts) values ('optimize')`.execute(db.kysely);
    await sql`analyze`.execute(db.kysely);
  } else {
    // VACUUM sets the visibility map, so counts are index-only scans from the first request.
    for (const table of ['goods', 'goods_specs', 'sellers', 'reviews', 'keep_goods', 'seller_follows']) {
      await sql`vacuum analyze ${sql.table(table)}`.execute(db.kysely);
    }
  }
}

/**
 * Generates and writes a catalogue when the database has none (no categories and no goods);
 * answers `seeded: false` otherwise, writing nothing.
 */
export async function seedDemoCatalogue(db: Db, options: GenerateOptions): Promise<SeedResult> {
  const started = performance.now();
  const repository = new CatalogueRepository(db.kysely, db.dialect);
  if (await repository.hasAnyGoodsOrCategory()) {
    return { seeded: false, reason: 'not-empty', ms: performance.now() - started };
  }
  const data = generateCatalogue(options);
  const marker = JSON.stringify({ seed: options.seed, products: options.products, at: options.now });
  if (!(await writeCatalogue(db, data, marker, options.now))) {
    return { seeded: false, reason: 'already-seeded', ms: performance.now() - started };
  }
  await tidy(db);
  const counts = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, (v as unknown[]).length]),
  ) as Record<keyof DemoCatalogue, number>;
  return { seeded: true, counts, ms: performance.now() - started };
}
