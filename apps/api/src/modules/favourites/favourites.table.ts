import type { BigIntColumn } from '../../core/db/columns.ts';

/** Goods a user favourited ("keepGoods"). */
export interface KeepGoodsTable {
  user_id: string;
  goods_id: string;
  created_at: BigIntColumn;
}

/** Stores a user follows ("focus seller"). */
export interface SellerFollowsTable {
  user_id: string;
  seller_id: string;
  created_at: BigIntColumn;
}
