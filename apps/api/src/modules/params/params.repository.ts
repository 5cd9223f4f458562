import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';

export class ParamsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByBrand(brand: string, db = this.db): Promise<{ code: string; value: string }[]> {
    return db.selectFrom('params').select(['code', 'value']).where('brand', '=', brand).execute();
  }

  /** The operator's values of a brand with when each was set (the admin page). */
  async rowsOf(brand: string) {
    return this.db
      .selectFrom('params')
      .select(['code', 'value', 'updated_at'])
      .where('brand', '=', brand)
      .execute();
  }

  async upsert(
    brand: string,
    code: string,
    value: string,
    now: number,
    executor?: Kysely<Database>,
  ): Promise<void> {
    await (executor ?? this.db)
      .insertInto('params')
      .values({ brand, code, value, updated_at: now })
      .onConflict((oc) => oc.columns(['brand', 'code']).doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
