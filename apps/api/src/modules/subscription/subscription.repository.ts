import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';

export interface NewSubscription {
  id: string;
  brand: string;
  email: string;
  lang: string;
  createdAt: number;
}

export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Throws a unique violation when the address is already subscribed for the brand. */
  async insert(row: NewSubscription): Promise<void> {
    await this.db
      .insertInto('subscriptions')
      .values({ id: row.id, brand: row.brand, email: row.email, lang: row.lang, created_at: row.createdAt })
      .execute();
  }

  async countByBrand(brand: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('brand', '=', brand)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
