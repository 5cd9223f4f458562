/**
 * Goods and stores in the buyer's language. A read is first answered as always (in the original
 * texts, kept per language at the edge), then its names (and on a goods or store page the
 * description) are swapped for their translations: one primary-key read of goods_texts or
 * seller_texts for all the goods or stores of the answer. Where no translation exists, the original
 * stays and `originalLang` says so (and in which language it is written, when known). Answers are
 * copied, never changed in place: the reads keep theirs for buyers of every language.
 */
import type { LanguageCode } from '@mall/i18n';
import type { Executor } from '../../core/db/database.ts';

/** What a read learns for one goods or store in one language. */
export interface LocalText {
  /** The translation; absent when the original is shown. */
  name?: string;
  description?: string;
  /** The goods' store's name in the language (goods cards name their store). */
  sellerName?: string;
  /** Set when the original is shown in another (or an unknown: null) language. */
  originalLang?: string | null;
  /** The original's language, whichever text is shown (null: unknown). */
  source?: string | null;
}

interface Named {
  name: string;
  originalLang?: string | null | undefined;
}

interface TextRow {
  id: string;
  original: string | null;
  name: string | null;
  description?: string | null;
  sellerName?: string | null;
}

function localOf(row: TextRow, lang: LanguageCode): LocalText {
  const local: LocalText = row.sellerName == null ? {} : { sellerName: row.sellerName };
  local.source = row.original;
  if (row.original === lang) return local;
  if (row.name === null) return { ...local, originalLang: row.original };
  local.name = row.name;
  if (row.description != null) local.description = row.description;
  return local;
}

/** The card (or page) with its texts in the language read; unchanged when already in it. */
export function withText<T extends Named>(item: T, local: LocalText | undefined): T {
  if (!local || (local.name === undefined && local.originalLang === undefined && !local.sellerName)) {
    return item;
  }
  const out: T = { ...item };
  if (local.name !== undefined) out.name = local.name;
  if (local.description !== undefined && 'description' in out) {
    (out as T & { description: string }).description = local.description;
  }
  if (local.sellerName !== undefined && 'sellerName' in out) {
    (out as T & { sellerName: string }).sellerName = local.sellerName;
  }
  if (local.originalLang !== undefined) out.originalLang = local.originalLang;
  return out;
}

/** Whether `name` holds every term of `keyword`, ignoring case. */
export function mentions(name: string, keyword: string): boolean {
  const text = name.toLowerCase();
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => text.includes(term));
}

export class ContentTexts {
  constructor(private readonly db: Executor) {}

  /** Goods texts in `lang` by goods id (descriptions only when asked: the goods page). */
  async goods(
    ids: readonly string[],
    lang: LanguageCode,
    description = false,
  ): Promise<Map<string, LocalText>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('goods as g')
      .leftJoin('goods_texts as t', (j) => j.onRef('t.goods_id', '=', 'g.id').on('t.lang', '=', lang))
      .leftJoin('seller_texts as st', (j) =>
        j.onRef('st.seller_id', '=', 'g.seller_id').on('st.lang', '=', lang),
      )
      .select(['g.id as id', 'g.lang as original', 't.name as name', 'st.name as sellerName'])
      .$if(description, (q) => q.select('t.description as description'))
      .where('g.id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, localOf(r, lang)]));
  }

  /** Store texts in `lang` by store id (introductions only when asked: the store page). */
  async sellers(
    ids: readonly string[],
    lang: LanguageCode,
    description = false,
  ): Promise<Map<string, LocalText>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sellers as s')
      .leftJoin('seller_texts as t', (j) => j.onRef('t.seller_id', '=', 's.id').on('t.lang', '=', lang))
      .select(['s.id as id', 's.lang as original', 't.name as name'])
      .$if(description, (q) => q.select('t.description as description'))
      .where('s.id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, localOf(r, lang)]));
  }

  /**
   * Goods cards (lists, searches, favourites) with their names in `lang`. With a keyword, a card
   * whose original name says it and whose translation does not keeps the original (marked): a
   * buyer who searched "蓝牙耳" sees it in the names found.
   */
  async goodsCards<T extends Named & { sellerGoodsId: string }>(
    cards: readonly T[],
    lang: LanguageCode,
    keyword?: string,
  ): Promise<T[]> {
    const texts = await this.goods(
      cards.map((c) => c.sellerGoodsId),
      lang,
    );
    return cards.map((c) => {
      const local = texts.get(c.sellerGoodsId);
      if (
        keyword &&
        local?.name !== undefined &&
        !mentions(local.name, keyword) &&
        mentions(c.name, keyword)
      ) {
        const { name: _name, description: _description, ...rest } = local;
        return withText(c, { ...rest, originalLang: local.source ?? null });
      }
      return withText(c, local);
    });
  }

  /** Store cards with their names in `lang`. */
  async sellerCards<T extends Named & { sellerId: string }>(
    cards: readonly T[],
    lang: LanguageCode,
  ): Promise<T[]> {
    const texts = await this.sellers(
      cards.map((c) => c.sellerId),
      lang,
    );
    return cards.map((c) => withText(c, texts.get(c.sellerId)));
  }

  /** A page of goods cards with their names in `lang`. */
  async goodsPage<T extends Named & { sellerGoodsId: string }, P extends { pageList: T[] }>(
    page: P,
    lang: LanguageCode,
    keyword?: string,
  ): Promise<P> {
    return { ...page, pageList: await this.goodsCards(page.pageList, lang, keyword) };
  }
}
