/**
 * Keyword matching of goods and stores. SQLite: the FTS5 trigram index (`goods_fts`), every term
 * quoted as a phrase so `"`, `*`, `NEAR`, `AND` are plain text; PostgreSQL: ILIKE with `%`, `_` and
 * `\` escaped, served by the pg_trgm GIN index. Terms of one or two characters cannot use a
 * trigram index: they filter the trigram candidates, or, when no term is long enough, a scan in
 * sales order stops at the page and counts at most SCAN_COUNT_CAP matches.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';
import type { Database } from '../../core/db/schema.ts';
import {
  type GoodsCardRow,
  type GoodsFilter,
  type GoodsOrder,
  goodsWhere,
  toCardRow,
} from './catalogue.repository.ts';

/** A keyword after normalizing: the whole phrase and its distinct whitespace-separated terms. */
export interface Keyword {
  phrase: string;
  terms: readonly string[];
}

/** Most matches a scan (keywords without a term of 3+ characters) counts. */
export const SCAN_COUNT_CAP = 1000;

const TRIGRAM = 3;

type GoodsEb = ExpressionBuilder<Database & { g: Database['goods'] }, 'g'>;

const charLength = (s: string) => [...s].length;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** FTS5 query text: each term as a quoted phrase (quotes doubled), all required. */
export function ftsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' ');
}

export interface GoodsMatch {
  rows: GoodsCardRow[];
  total: number;
}

export class SearchRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Substring test of one term against a column, case-insensitively: ILIKE on PostgreSQL, LIKE on
   * SQLite (case-insensitive for ASCII there, as lower() is; twice as fast as instr(lower()) on a
   * scan of 50,000 names).
   */
  private contains(column: string, term: string): Expression<SqlBool> {
    const pattern = `%${escapeLike(term)}%`;
    if (this.dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`;
    return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
  }

  /** 0: the name starts with the phrase, 1: contains it, 2: contains every term. */
  private tier(column: string, phrase: string): Expression<number> {
    const pos =
      this.dialect === 'postgres'
        ? sql`strpos(lower(${sql.ref(column)}), lower(${phrase}))`
        : sql`instr(lower(${sql.ref(column)}), lower(${phrase}))`;
    return sql<number>`case when ${pos} = 1 then 0 when ${pos} > 0 then 1 else 2 end`;
  }

  private keywordWhere(eb: GoodsEb, keyword: Keyword, useIndex: boolean): Expression<SqlBool> {
    const long = keyword.terms.filter((t) => charLength(t) >= TRIGRAM);
    const short = keyword.terms.filter((t) => charLength(t) < TRIGRAM);
    const parts: Expression<SqlBool>[] = [];
    if (this.dialect === 'sqlite') {
      if (useIndex && long.length > 0) {
        parts.push(
          sql<SqlBool>`g.rowid in (select rowid from goods_fts where goods_fts match ${ftsQuery(long)})`,
        );
      }
      for (const t of useIndex ? short : keyword.terms) parts.push(this.contains('g.name', t));
    } else {
      for (const t of keyword.terms) parts.push(this.contains('g.name', t));
    }
    return parts.length > 0 ? eb.and(parts) : eb.lit(true);
  }

  /**
   * Goods matching every term of the keyword and the filter. `relevance` orders by tier (see
   * tier()) then units sold; scans without a trigram term order by units sold.
   */
  async searchGoods(
    keyword: Keyword,
    filter: GoodsFilter,
    order: GoodsOrder | 'relevance',
    limit: number,
    offset: number,
    withTotal: boolean,
  ): Promise<GoodsMatch> {
    const indexed = keyword.terms.some((t) => charLength(t) >= TRIGRAM);
    let q = this.db
      .selectFrom('goods as g')
      .innerJoin('sellers as s', 's.id', 'g.seller_id')
      .select([
        'g.id',
        'g.seller_id',
        's.name as seller_name',
        'g.category_id',
        'g.name',
        'g.cover_url',
        'g.price',
        'g.selling_price',
        'g.discount_price',
        'g.retail_price',
        'g.original_price',
        'g.sold',
        'g.buy_min',
        'g.is_new',
        'g.is_hot',
        'g.is_recommend',
      ])
      .where((eb) => goodsWhere(eb as unknown as GoodsEb, filter))
      .where((eb) => this.keywordWhere(eb as unknown as GoodsEb, keyword, true));
    // Counting every match is cheap when an index found them; a scan counts separately, capped.
    if (withTotal && indexed) q = q.select(sql<number>`count(*) over ()`.as('total'));
    switch (order) {
      case 'relevance':
        q = indexed
          ? q.orderBy(this.tier('g.name', keyword.phrase)).orderBy('g.sold', 'desc').orderBy('g.id', 'desc')
          : q.orderBy('g.sold', 'desc').orderBy('g.id', 'desc');
        break;
      case 'price_asc':
        q = q.orderBy('g.price', 'asc').orderBy('g.id', 'asc');
        break;
      case 'price_desc':
        q = q.orderBy('g.price', 'desc').orderBy('g.id', 'desc');
        break;
      case 'new':
        q = q.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc');
        break;
      default:
        q = q.orderBy('g.sold', 'desc').orderBy('g.id', 'desc');
    }
    const rows = (await q.limit(limit).offset(offset).execute()) as Record<string, unknown>[];
    if (!withTotal) return { rows: rows.map(toCardRow), total: 0 };
    let total: number;
    if (indexed && rows.length > 0) total = toNumber(rows[0]?.total as number);
    else total = await this.countGoods(keyword, filter, indexed);
    return { rows: rows.map(toCardRow), total };
  }

  private async countGoods(keyword: Keyword, filter: GoodsFilter, indexed: boolean): Promise<number> {
    const matches = this.db
      .selectFrom('goods as g')
      .select('g.id')
      .where((eb) => goodsWhere(eb as unknown as GoodsEb, filter))
      .where((eb) => this.keywordWhere(eb as unknown as GoodsEb, keyword, true));
    const row = await this.db
      .selectFrom((indexed ? matches : matches.limit(SCAN_COUNT_CAP)).as('m'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return toNumber(row?.n as number);
  }

  /** Open stores whose name contains every term; name-prefix matches first, then recommended. */
  async searchSellers(
    keyword: Keyword,
    limit: number,
    offset: number,
  ): Promise<{ ids: string[]; total: number }> {
    // Its name as buyers of any language see it: the original or one of its translations.
    const where = (eb: ExpressionBuilder<Database, 'sellers'>) =>
      eb.and([
        eb('status', '=', 1),
        eb.or([
          eb.and(keyword.terms.map((t) => this.contains('sellers.name', t))),
          eb.exists(
            eb
              .selectFrom('seller_texts as st')
              .select('st.seller_id')
              .whereRef('st.seller_id', '=', 'sellers.id')
              .where((inner) => inner.and(keyword.terms.map((t) => this.contains('st.name', t)))),
          ),
        ]),
      ]);
    const rows = await this.db
      .selectFrom('sellers')
      .select('id')
      .where(where)
      .orderBy(this.tier('sellers.name', keyword.phrase))
      .orderBy('is_recommend', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await this.db
      .selectFrom('sellers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(where)
      .executeTakeFirst();
    return { ids: rows.map((r) => r.id), total: toNumber(count?.n as number) };
  }
}
