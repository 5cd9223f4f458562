/**
 * Bulk writes of catalogue rows (the demo seed, tests, later imports from sellers' files), in
 * chunks small enough for both dialects' parameter limits. The effective `price` is derived here,
 * never passed in, and a discount must be below the selling price.
 */
import type { LanguageCode } from '@mall/i18n';
import { bulkInsert } from '../../core/db/bulk-insert.ts';
import type { Executor } from '../../core/db/database.ts';

export interface NewCategory {
  id: string;
  parentId: string | null;
  name: string;
  /** Translations by UI language code. */
  names: Record<string, string>;
  iconUrl: string;
  sort: number;
  recommend: boolean;
}

export interface NewSeller {
  id: string;
  ownerUserId: string | null;
  name: string;
  logoUrl: string;
  bannerUrl: string;
  description: string;
  country: string;
  recommend: boolean;
  open?: boolean;
  createdAt: number;
  /** The language `name` and `description` are written in. */
  lang?: string | null;
  /** Name and description in other languages, by language code. */
  texts?: Record<string, LocalText>;
}

/** A name and a description in one language. */
export interface LocalText {
  name: string;
  description: string;
}

export interface NewSpec {
  id: string;
  name: string;
  price: bigint | null;
  stock: number | null;
}

export interface NewGoods {
  id: string;
  sellerId: string;
  categoryId: string;
  name: string;
  description: string;
  coverUrl: string;
  images: { imgUrl: string; zoomImg: string }[];
  sellingPrice: bigint;
  discountPrice: bigint | null;
  retailPrice: bigint;
  originalPrice: bigint;
  stock: number;
  buyMin: number;
  sold: number;
  views?: number;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
  status?: number;
  isNew: boolean;
  isHot: boolean;
  isRecommend: boolean;
  createdAt: number;
  specs: NewSpec[];
  /** The language `name` and `description` are written in. */
  lang?: string | null;
  /** Name and description in other languages, by language code. */
  texts?: Record<string, LocalText>;
}

export interface NewBanner {
  id: string;
  position: string;
  title: string;
  imageUrl: string;
  link: string;
  sort: number;
  startsAt: number | null;
  endsAt: number | null;
  createdAt: number;
  /** The language its title and picture are in; null (or absent) for every language. */
  lang?: LanguageCode | null;
}

export interface NewActivity {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  link: string;
  startsAt: number;
  endsAt: number;
  createdAt: number;
  /** The language its texts and picture are in; null (or absent) for every language. */
  lang?: LanguageCode | null;
}

const flag = (b: boolean) => (b ? 1 : 0);

async function chunked<T>(
  rows: readonly T[],
  size: number,
  write: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export class CatalogueImport {
  async categories(executor: Executor, rows: readonly NewCategory[], now: number): Promise<void> {
    // Parents first, so the self-reference holds row by row.
    const depth = new Map<string, number>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const depthOf = (r: NewCategory, guard = 0): number => {
      if (!r.parentId || guard > 16) return 0;
      const parent = byId.get(r.parentId);
      return parent ? depthOf(parent, guard + 1) + 1 : 0;
    };
    for (const r of rows) depth.set(r.id, depthOf(r));
    const ordered = [...rows].sort((a, b) => (depth.get(a.id) ?? 0) - (depth.get(b.id) ?? 0));
    await chunked(ordered, 500, (chunk) =>
      executor
        .insertInto('categories')
        .values(
          chunk.map((r) => ({
            id: r.id,
            parent_id: r.parentId,
            name: r.name,
            names: JSON.stringify(r.names),
            icon_url: r.iconUrl,
            sort: r.sort,
            is_recommend: flag(r.recommend),
            status: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute(),
    );
  }

  async sellers(executor: Executor, rows: readonly NewSeller[]): Promise<void> {
    await chunked(rows, 500, (chunk) =>
      executor
        .insertInto('sellers')
        .values(
          chunk.map((r) => ({
            id: r.id,
            owner_user_id: r.ownerUserId,
            name: r.name,
            logo_url: r.logoUrl,
            banner_url: r.bannerUrl,
            description: r.description,
            country: r.country,
            status: r.open === false ? 0 : 1,
            is_recommend: flag(r.recommend),
            views: 0,
            created_at: r.createdAt,
            updated_at: r.createdAt,
            lang: r.lang ?? null,
          })),
        )
        .execute(),
    );
    const texts = rows.flatMap((r) =>
      Object.entries(r.texts ?? {}).map(([lang, t]) => [r.id, lang, t.name, t.description]),
    );
    await bulkInsert(executor, 'seller_texts', ['seller_id', 'lang', 'name', 'description'], texts, 500);
  }

  async goods(executor: Executor, rows: readonly NewGoods[]): Promise<void> {
    for (const r of rows) {
      if (r.discountPrice !== null && r.discountPrice >= r.sellingPrice) {
        throw new Error(`goods ${r.id}: discount price must be below the selling price`);
      }
    }
    await chunked(rows, 500, (chunk) =>
      executor
        .insertInto('goods')
        .values(
          chunk.map((r) => ({
            id: r.id,
            seller_id: r.sellerId,
            category_id: r.categoryId,
            name: r.name,
            description: r.description,
            cover_url: r.coverUrl,
            images: JSON.stringify(r.images),
            price: r.discountPrice ?? r.sellingPrice,
            selling_price: r.sellingPrice,
            discount_price: r.discountPrice,
            retail_price: r.retailPrice,
            original_price: r.originalPrice,
            stock: r.stock,
            buy_min: r.buyMin,
            sold: r.sold,
            views: r.views ?? 0,
            dispatch_fee: r.dispatchFee,
            distance_fee: r.distanceFee,
            delivery_fee: r.deliveryFee,
            status: r.status ?? 1,
            is_new: flag(r.isNew),
            is_hot: flag(r.isHot),
            is_recommend: flag(r.isRecommend),
            created_at: r.createdAt,
            updated_at: r.createdAt,
            lang: r.lang ?? null,
          })),
        )
        .execute(),
    );
    const texts = rows.flatMap((r) =>
      Object.entries(r.texts ?? {}).map(([lang, t]) => [r.id, lang, t.name, t.description]),
    );
    await bulkInsert(executor, 'goods_texts', ['goods_id', 'lang', 'name', 'description'], texts, 500);
    const specs = rows.flatMap((g) =>
      g.specs.map((s, i) => ({
        id: s.id,
        goods_id: g.id,
        name: s.name,
        price: s.price,
        stock: s.stock,
        sort: i,
      })),
    );
    await chunked(specs, 1000, (chunk) => executor.insertInto('goods_specs').values(chunk).execute());
  }

  async banners(executor: Executor, rows: readonly NewBanner[]): Promise<void> {
    await chunked(rows, 500, (chunk) =>
      executor
        .insertInto('banners')
        .values(
          chunk.map((r) => ({
            id: r.id,
            position: r.position,
            title: r.title,
            image_url: r.imageUrl,
            link: r.link,
            sort: r.sort,
            status: 1,
            starts_at: r.startsAt,
            ends_at: r.endsAt,
            created_at: r.createdAt,
            lang: r.lang ?? null,
          })),
        )
        .execute(),
    );
  }

  async activities(executor: Executor, rows: readonly NewActivity[]): Promise<void> {
    await chunked(rows, 500, (chunk) =>
      executor
        .insertInto('activities')
        .values(
          chunk.map((r) => ({
            id: r.id,
            title: r.title,
            description: r.description,
            image_url: r.imageUrl,
            link: r.link,
            status: 1,
            starts_at: r.startsAt,
            ends_at: r.endsAt,
            created_at: r.createdAt,
            lang: r.lang ?? null,
          })),
        )
        .execute(),
    );
  }
}
