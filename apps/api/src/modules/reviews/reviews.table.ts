import type { ColumnType } from 'kysely';
import type { BigIntColumn } from '../../core/db/columns.ts';

type IntColumn = ColumnType<number | bigint, number, number>;

/** Buyers' reviews of goods; `seller_id` is copied from the goods so store praise rates are one index read. */
export interface ReviewsTable {
  id: string;
  goods_id: string;
  seller_id: string;
  order_id: string | null;
  user_id: string | null;
  user_name: string;
  /** 1 good, 2 medium, 3 bad. */
  rating: IntColumn;
  content: string;
  /** JSON array of image URLs (at most 9). */
  images: string;
  image_count: IntColumn;
  attr_name: string;
  status: IntColumn;
  created_at: BigIntColumn;
  /** The language `content` is written in; null where nobody said. */
  lang: ColumnType<string | null, string | null | undefined, string | null>;
  /** The content in other languages: a JSON object by language code; null for none. */
  translations: ColumnType<string | null, string | null | undefined, string | null>;
}
