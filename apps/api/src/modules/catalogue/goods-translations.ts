/**
 * A seller's own goods texts in other languages (the console's goods form): the language the
 * original name and description are written in, and a name and description per further language.
 * Buyers of a language read them through content-texts.ts.
 */
import type { LanguageCode } from '@mall/i18n';
import type { Executor } from '../../core/db/database.ts';

export interface GoodsTranslation {
  lang: string;
  name: string;
  description: string;
}

export interface GoodsLanguages {
  /** The original's language; null where nobody said. */
  lang: string | null;
  translations: GoodsTranslation[];
}

export async function readGoodsLanguages(executor: Executor, goodsId: string): Promise<GoodsLanguages> {
  const [goods, rows] = await Promise.all([
    executor.selectFrom('goods').select('lang').where('id', '=', goodsId).executeTakeFirst(),
    executor
      .selectFrom('goods_texts')
      .select(['lang', 'name', 'description'])
      .where('goods_id', '=', goodsId)
      .orderBy('lang')
      .execute(),
  ]);
  return { lang: goods?.lang ?? null, translations: rows };
}

/**
 * Sets the original's language (when given) and replaces the translations (when given; one per
 * language, none in the original's own language: that one is the original).
 */
export async function writeGoodsLanguages(
  tx: Executor,
  goodsId: string,
  lang: LanguageCode | undefined,
  translations: readonly { lang: LanguageCode; name: string; description: string }[] | undefined,
): Promise<void> {
  if (lang !== undefined) await tx.updateTable('goods').set({ lang }).where('id', '=', goodsId).execute();
  if (translations === undefined) return;
  const original =
    lang ?? (await tx.selectFrom('goods').select('lang').where('id', '=', goodsId).executeTakeFirst())?.lang;
  const byLang = new Map<string, GoodsTranslation>();
  for (const t of translations) if (t.lang !== original) byLang.set(t.lang, t);
  await tx.deleteFrom('goods_texts').where('goods_id', '=', goodsId).execute();
  if (byLang.size === 0) return;
  await tx
    .insertInto('goods_texts')
    .values([...byLang.values()].map((t) => ({ goods_id: goodsId, ...t })))
    .execute();
}

/** A store renamed or re-introduced by its seller: its translations go, its language is this one. */
export async function forgetStoreTranslations(
  tx: Executor,
  sellerId: string,
  lang: LanguageCode,
): Promise<void> {
  await tx.deleteFrom('seller_texts').where('seller_id', '=', sellerId).execute();
  await tx.updateTable('sellers').set({ lang }).where('id', '=', sellerId).execute();
}
