import type { Kysely } from 'kysely';

/**
 * Uploads are re-encoded by the server (modules/upload/image-pipeline.ts): the stored image's
 * width and height, and the smaller WebP sizes made from it as JSON `[{"w":400,"width":400,
 * "height":300}]` (`w` names the file `<id>-<w>.webp`). Null on rows from before: their
 * files were kept as uploaded.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('width', 'integer').execute();
  await db.schema.alterTable('uploads').addColumn('height', 'integer').execute();
  await db.schema.alterTable('uploads').addColumn('sizes', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['sizes', 'height', 'width']) {
    await db.schema.alterTable('uploads').dropColumn(column).execute();
  }
}
