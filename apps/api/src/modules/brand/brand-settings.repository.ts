/** SQL of brand setting overrides: one row per brand an operator changed. */
import type { Selectable } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import type { BrandSettingsTable } from './brand-settings.table.ts';

export type BrandSettingsRow = Selectable<BrandSettingsTable>;

export class BrandSettingsRepository {
  constructor(private readonly db: Executor) {}

  async all(): Promise<BrandSettingsRow[]> {
    return this.db.selectFrom('brand_settings').selectAll().execute();
  }

  async find(brand: string, executor: Executor = this.db): Promise<BrandSettingsRow | undefined> {
    return executor.selectFrom('brand_settings').selectAll().where('brand', '=', brand).executeTakeFirst();
  }

  async save(tx: Executor, brand: string, overridesJson: string, by: string, now: number): Promise<void> {
    await tx
      .insertInto('brand_settings')
      .values({ brand, overrides_json: overridesJson, updated_by: by, updated_at: now })
      .onConflict((oc) =>
        oc.column('brand').doUpdateSet({ overrides_json: overridesJson, updated_by: by, updated_at: now }),
      )
      .execute();
  }
}
