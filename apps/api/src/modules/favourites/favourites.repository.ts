import { toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import { precompiled } from '../../core/db/precompiled.ts';

export interface Marked {
  id: string;
  at: number;
}

/** Every goods page reads its favourites count (issue 27: compiled once, not per page). */
const keepsOfGoodsQuery = precompiled<{ goodsId: string }, { n: number | bigint }>((db, p) =>
  db
    .selectFrom('keep_goods')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('goods_id', '=', p.goodsId),
);

export class FavouritesRepository {
  constructor(private readonly db: Executor) {}

  // ---- favourite goods ----

  /** True when added, false when it was already there. */
  async addKeep(userId: string, goodsId: string, now: number): Promise<boolean> {
    const r = await this.db
      .insertInto('keep_goods')
      .values({ user_id: userId, goods_id: goodsId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
      .executeTakeFirst();
    return BigInt(r.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async deleteKeeps(userId: string, goodsIds: readonly string[]): Promise<number> {
    const r = await this.db
      .deleteFrom('keep_goods')
      .where('user_id', '=', userId)
      .where('goods_id', 'in', [...goodsIds])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async listKeeps(userId: string, limit: number, offset: number): Promise<Marked[]> {
    const rows = await this.db
      .selectFrom('keep_goods')
      .select(['goods_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('goods_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ id: r.goods_id, at: toNumber(r.created_at) }));
  }

  async countKeepsOfUser(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('keep_goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return toNumber(r?.n as number);
  }

  async countKeepsOfGoods(goodsId: string): Promise<number> {
    const { rows } = await keepsOfGoodsQuery(this.db, { goodsId });
    return toNumber(rows[0]?.n);
  }

  async isKeeping(userId: string, goodsId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('keep_goods')
      .select('goods_id')
      .where('user_id', '=', userId)
      .where('goods_id', '=', goodsId)
      .executeTakeFirst();
    return r !== undefined;
  }

  // ---- followed stores ----

  async addFollow(userId: string, sellerId: string, now: number): Promise<boolean> {
    const r = await this.db
      .insertInto('seller_follows')
      .values({ user_id: userId, seller_id: sellerId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'seller_id']).doNothing())
      .executeTakeFirst();
    return BigInt(r.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async deleteFollows(userId: string, sellerIds: readonly string[]): Promise<number> {
    const r = await this.db
      .deleteFrom('seller_follows')
      .where('user_id', '=', userId)
      .where('seller_id', 'in', [...sellerIds])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async listFollows(userId: string, limit: number, offset: number): Promise<Marked[]> {
    const rows = await this.db
      .selectFrom('seller_follows')
      .select(['seller_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('seller_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ id: r.seller_id, at: toNumber(r.created_at) }));
  }

  async countFollowsOfUser(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('seller_follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return toNumber(r?.n as number);
  }

  async followerCounts(sellerIds: readonly string[]): Promise<Map<string, number>> {
    if (sellerIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('seller_follows')
      .select(['seller_id', (eb) => eb.fn.countAll().as('n')])
      .where('seller_id', 'in', [...sellerIds])
      .groupBy('seller_id')
      .execute();
    return new Map(rows.map((r) => [r.seller_id, toNumber(r.n as number)]));
  }

  async isFollowing(userId: string, sellerId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('seller_follows')
      .select('seller_id')
      .where('user_id', '=', userId)
      .where('seller_id', '=', sellerId)
      .executeTakeFirst();
    return r !== undefined;
  }

  // ---- bulk (demo data) ----

  async insertMany(
    executor: Executor,
    keeps: readonly { userId: string; goodsId: string; at: number }[],
    follows: readonly { userId: string; sellerId: string; at: number }[],
  ): Promise<void> {
    for (let i = 0; i < keeps.length; i += 2000) {
      await executor
        .insertInto('keep_goods')
        .values(
          keeps.slice(i, i + 2000).map((k) => ({ user_id: k.userId, goods_id: k.goodsId, created_at: k.at })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
        .execute();
    }
    for (let i = 0; i < follows.length; i += 2000) {
      await executor
        .insertInto('seller_follows')
        .values(
          follows
            .slice(i, i + 2000)
            .map((f) => ({ user_id: f.userId, seller_id: f.sellerId, created_at: f.at })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'seller_id']).doNothing())
        .execute();
    }
  }
}
