/**
 * The seller's own store and goods (console, role `seller`): a seller reaches only the store whose
 * `owner_user_id` is theirs, and only that store's goods; any other id answers PRODUCT_NOT_FOUND as
 * if it did not exist. Every write runs in one transaction with its audit entry, then clears the
 * catalogue's caches in every process so the storefront shows it at once. Stock of existing goods
 * and specifications moves only by adding or taking units (conditional updates), so orders placed
 * meanwhile are never overwritten. For the merchants flow: opening a store in its transaction.
 */
import {
  formatMoney,
  GOODS_STATUS,
  isBusinessEmail,
  isBusinessPhone,
  type Page,
  SELLER_LIMITS,
  type SellerGoodsDetailDto,
  type SellerGoodsRowDto,
  type SellerGoodsSort,
  type SellerStoreDto,
  toWireTime,
} from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { AuditService } from '../audit/index.ts';
import { parseImages } from './catalogue.mappers.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { CategoryTree } from './category-tree.ts';
import { mediaUrl } from './media.routes.ts';
import type {
  GoodsFields,
  OwnGoodsRow,
  OwnSpecRow,
  SellerRepository,
  StoreFields,
  StoreRow,
} from './seller.repository.ts';

/** Which of these goods were ever ordered: answered by the orders module (wired in app.ts). */
export type OrderedGoods = (executor: Executor, goodsIds: readonly string[]) => Promise<Set<string>>;

/** The URL of an image the user uploaded (by id or URL), or IMAGE_NOT_FOUND: the upload module's check. */
export type OwnImageUrl = (brand: string, userId: string, ref: string) => Promise<string>;

export interface SpecInput {
  /** A kept specification of this goods; absent for a new one. */
  attrId?: string | undefined;
  name: string;
  /** Null: the goods' price applies. */
  price: bigint | null;
  /** Stock of a new specification (null: it sells from the goods' stock); ignored for kept ones. */
  stock: number | null;
}

export interface GoodsInput {
  name: string;
  categoryId: string;
  description: string;
  /** Uploaded image URLs or ids (the first is the cover); on edit also the goods' current images. */
  images: string[];
  sellingPrice: bigint;
  discountPrice: bigint | null;
  retailPrice: bigint | null;
  originalPrice: bigint | null;
  buyMin: number;
  dispatchFee: bigint;
  distanceFee: bigint;
  deliveryFee: bigint;
  /** The goods' stock when it is created; ignored on edit (see changeStock). */
  stock: number;
  specs: SpecInput[];
}

export interface OwnGoodsListQuery extends PageRequest {
  keyword?: string | undefined;
  categoryId?: string | undefined;
  status?: 0 | 1 | undefined;
  sort: SellerGoodsSort;
  order: 'asc' | 'desc';
}

export interface StoreInput {
  name: string;
  logo: string;
  banner: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
}

export interface NewStore {
  ownerUserId: string;
  name: string;
  country: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
}

/** The monogram a new store's generated logo shows: the first letter or character of its name. */
function monogram(name: string): string {
  return ([...name.trim()][0] ?? 'S').toUpperCase();
}

function specSummary(specs: readonly OwnSpecRow[]) {
  return {
    specCount: specs.length,
    specStock: specs.reduce((n, s) => n + (s.stock ?? 0), 0),
  };
}

export class SellerCatalogueService {
  constructor(
    private readonly db: Executor,
    private readonly repository: SellerRepository,
    private readonly catalogue: CatalogueService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly ownImageUrl: OwnImageUrl,
    private readonly orderedGoods: OrderedGoods,
  ) {}

  // ---- the store ----

  private async ownStore(ctx: RequestContext, executor?: Executor): Promise<StoreRow> {
    const store = await this.repository.findStoreByOwner(actorOf(ctx).userId, executor);
    if (!store) throw new AppError('STORE_NOT_OPENED');
    return store;
  }

  /** The caller's store id, or STORE_NOT_OPENED (the seller's reports are scoped by it). */
  async ownStoreId(ctx: RequestContext): Promise<string> {
    return (await this.ownStore(ctx)).id;
  }

  /** Names and covers of the caller's store's goods by id. */
  goodsNames(sellerId: string, ids: readonly string[]) {
    return this.repository.goodsNames(sellerId, ids);
  }

  /** Whether a user already owns a store (a merchant application is then pointless). */
  async ownsStore(userId: string, executor?: Executor): Promise<boolean> {
    return (await this.repository.findStoreByOwner(userId, executor)) !== undefined;
  }

  async store(ctx: RequestContext): Promise<SellerStoreDto> {
    return this.storeDto(await this.ownStore(ctx));
  }

  private async storeDto(store: StoreRow): Promise<SellerStoreDto> {
    const [counts, cards] = await Promise.all([
      this.repository.goodsCounts(store.id),
      this.catalogue.sellerCards([store.id]),
    ]);
    const card = cards.get(store.id);
    return {
      sellerId: store.id,
      name: store.name,
      logo: store.logoUrl,
      banner: store.bannerUrl,
      description: store.description,
      country: store.country,
      contactPhone: store.contactPhone,
      contactEmail: store.contactEmail,
      status: store.status,
      createTime: toWireTime(store.createdAt),
      onSaleCount: counts.onSale,
      goodsCount: counts.all,
      followers: card?.followers ?? 0,
      soldNum: card?.soldNum ?? 0,
      praiseRate: card?.praiseRate ?? null,
    };
  }

  /** An image that is already the store's (or the goods') or one the seller uploaded. */
  private async image(ctx: RequestContext, ref: string, current: readonly string[]): Promise<string> {
    if (current.includes(ref)) return ref;
    return this.ownImageUrl(ctx.brand.key, actorOf(ctx).userId, ref);
  }

  async updateStore(ctx: RequestContext, input: StoreInput): Promise<SellerStoreDto> {
    if (input.contactPhone !== '' && !isBusinessPhone(input.contactPhone)) throw new AppError('PHONE_FORMAT');
    if (input.contactEmail !== '' && !isBusinessEmail(input.contactEmail)) throw new AppError('EMAIL_FORMAT');
    const before = await this.ownStore(ctx);
    const current = [before.logoUrl, before.bannerUrl];
    const fields: StoreFields = {
      name: input.name,
      logoUrl: await this.image(ctx, input.logo, current),
      bannerUrl: await this.image(ctx, input.banner, current),
      description: input.description,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail,
    };
    await inTransaction(this.db, async (tx) => {
      await this.repository.updateStore(tx, before.id, fields, this.clock.now());
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'store.update',
        targetType: 'store',
        targetId: before.id,
        before: {
          name: before.name,
          logoUrl: before.logoUrl,
          bannerUrl: before.bannerUrl,
          description: before.description,
          contactPhone: before.contactPhone,
          contactEmail: before.contactEmail,
        },
        after: fields,
      });
    });
    await this.catalogue.invalidate();
    return this.store(ctx);
  }

  /**
   * Opens a store for a user on `tx` (the merchants flow's transaction): open, not recommended,
   * with a generated logo and banner until the seller uploads their own. Answers its id.
   */
  async openStore(tx: Executor, store: NewStore): Promise<string> {
    const id = newId();
    const seed = id.slice(-8).toLowerCase();
    await this.repository.insertStore(
      tx,
      {
        id,
        ownerUserId: store.ownerUserId,
        name: store.name,
        logoUrl: mediaUrl.logo(seed, monogram(store.name)),
        bannerUrl: mediaUrl.storeBanner(seed),
        description: store.description,
        country: store.country,
        contactPhone: store.contactPhone,
        contactEmail: store.contactEmail,
      },
      this.clock.now(),
    );
    return id;
  }

  /**
   * Demo data: gives each of these users (one per brand) an ownerless store of the generated
   * catalogue, unless they own one already. Answers how many stores changed hands.
   */
  async claimDemoStores(ownerUserIds: readonly string[]): Promise<number> {
    const needing: string[] = [];
    for (const id of ownerUserIds) if (!(await this.ownsStore(id))) needing.push(id);
    if (needing.length === 0) return 0;
    const free = await this.repository.ownerlessStores(needing.length);
    let claimed = 0;
    await inTransaction(this.db, async (tx) => {
      claimed = 0;
      for (const [i, storeId] of free.entries()) {
        const owner = needing[i];
        if (owner && (await this.repository.claimStore(tx, storeId, owner, this.clock.now()))) claimed++;
      }
    });
    if (claimed > 0) await this.catalogue.invalidate();
    return claimed;
  }

  // ---- goods: reads ----

  private async ownGoods(executor: Executor, store: StoreRow, goodsId: string, lock = false) {
    const row = await this.repository.findOwnGoods(executor, store.id, goodsId, lock);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return row;
  }

  private rowDto(row: OwnGoodsRow, specs: readonly OwnSpecRow[], tree: CategoryTree, lang: LanguageCode) {
    return {
      sellerGoodsId: row.id,
      name: row.name,
      imgUrl1: row.coverUrl,
      categoryId: row.categoryId,
      categoryName: tree.name(row.categoryId, lang),
      price: formatMoney(row.price),
      sellingPrice: formatMoney(row.sellingPrice),
      discountPrice: row.discountPrice === null ? null : formatMoney(row.discountPrice),
      stock: row.stock,
      ...specSummary(specs),
      soldNum: Number(row.sold),
      status: row.status,
      createTime: toWireTime(row.createdAt),
      updateTime: toWireTime(row.updatedAt),
    } satisfies SellerGoodsRowDto;
  }

  async goodsList(ctx: RequestContext, query: OwnGoodsListQuery): Promise<Page<SellerGoodsRowDto>> {
    const store = await this.ownStore(ctx);
    const tree = await this.catalogue.categoryIndex();
    let categoryIds: string[] | undefined;
    if (query.categoryId !== undefined) {
      if (!tree.has(query.categoryId)) throw new AppError('CATEGORY_NOT_FOUND');
      categoryIds = tree.descendants(query.categoryId);
    }
    const { rows, total } = await this.repository.listGoods(store.id, {
      keyword: query.keyword,
      categoryIds,
      status: query.status,
      sort: query.sort,
      order: query.order,
      limit: query.pageSize,
      offset: offsetOf(query),
    });
    const specs = await this.repository.specsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return pageOf(
      rows.map((r) => this.rowDto(r, specs.get(r.id) ?? [], tree, ctx.lang)),
      total,
      query,
    );
  }

  /**
   * The category tree comes from the caller, read before any transaction: the catalogue reads it
   * through the pool, which inside a transaction would wait for a second connection.
   */
  private async detailDto(
    ctx: RequestContext,
    executor: Executor,
    row: OwnGoodsRow,
    tree: CategoryTree,
  ): Promise<SellerGoodsDetailDto> {
    const [specs, ordered] = await Promise.all([
      this.repository.specsOf(executor, [row.id]),
      this.orderedGoods(executor, [row.id]),
    ]);
    const own = specs.get(row.id) ?? [];
    return {
      ...this.rowDto(row, own, tree, ctx.lang),
      description: row.description,
      images: parseImages(row.images, row.coverUrl).map((i) => i.imgUrl),
      retailPrice: formatMoney(row.retailPrice),
      originalPrice: formatMoney(row.originalPrice),
      buyMin: row.buyMin,
      dispatchFee: formatMoney(row.dispatchFee),
      distanceFee: formatMoney(row.distanceFee),
      deliveryFee: formatMoney(row.deliveryFee),
      specs: own.map((s) => ({
        attrId: s.id,
        name: s.name,
        price: s.price === null ? null : formatMoney(s.price),
        stock: s.stock,
      })),
      ordered: ordered.has(row.id),
    };
  }

  async goodsDetail(ctx: RequestContext, goodsId: string): Promise<SellerGoodsDetailDto> {
    const store = await this.ownStore(ctx);
    return this.detailDto(
      ctx,
      this.db,
      await this.ownGoods(this.db, store, goodsId),
      await this.catalogue.categoryIndex(),
    );
  }

  // ---- goods: writes ----

  /** Checks a goods form and turns it into columns; nothing is written. */
  private async fields(ctx: RequestContext, input: GoodsInput, existing?: OwnGoodsRow): Promise<GoodsFields> {
    const tree = await this.catalogue.categoryIndex();
    if (!tree.has(input.categoryId)) throw new AppError('CATEGORY_NOT_FOUND');
    if (input.images.length === 0) throw new AppError('GOODS_IMAGE_REQUIRED');
    if (input.images.length > SELLER_LIMITS.goodsImagesMax) throw new AppError('GOODS_IMAGES_LIMIT');
    if (input.discountPrice !== null && input.discountPrice >= input.sellingPrice) {
      throw new AppError('DISCOUNT_PRICE_TOO_HIGH');
    }
    const names = input.specs.map((s) => s.name);
    if (new Set(names).size !== names.length) throw new AppError('SPEC_NAME_DUPLICATE');
    const currentImages = existing ? parseImages(existing.images, existing.coverUrl) : [];
    const zoomOf = new Map(currentImages.map((i) => [i.imgUrl, i.zoomImg]));
    const images: { imgUrl: string; zoomImg: string }[] = [];
    for (const ref of input.images) {
      const url = await this.image(ctx, ref, [...zoomOf.keys()]);
      if (images.some((i) => i.imgUrl === url)) throw new AppError('PARAMETER_ERROR', { field: 'images' });
      images.push({ imgUrl: url, zoomImg: zoomOf.get(url) ?? url });
    }
    return {
      categoryId: input.categoryId,
      name: input.name,
      description: input.description,
      coverUrl: images[0]?.imgUrl ?? '',
      images: JSON.stringify(images),
      sellingPrice: input.sellingPrice,
      discountPrice: input.discountPrice,
      retailPrice: input.retailPrice ?? input.sellingPrice,
      originalPrice: input.originalPrice ?? input.sellingPrice,
      buyMin: input.buyMin,
      dispatchFee: input.dispatchFee,
      distanceFee: input.distanceFee,
      deliveryFee: input.deliveryFee,
    };
  }

  private auditView(fields: GoodsFields, specs: readonly { name: string; price: bigint | null }[]) {
    return {
      name: fields.name,
      categoryId: fields.categoryId,
      sellingPrice: formatMoney(fields.sellingPrice),
      discountPrice: fields.discountPrice === null ? null : formatMoney(fields.discountPrice),
      images: (JSON.parse(fields.images) as { imgUrl: string }[]).map((i) => i.imgUrl),
      buyMin: fields.buyMin,
      specs: specs.map((s) => ({ name: s.name, price: s.price === null ? null : formatMoney(s.price) })),
    };
  }

  private rowFields(row: OwnGoodsRow): GoodsFields {
    return {
      categoryId: row.categoryId,
      name: row.name,
      description: row.description,
      coverUrl: row.coverUrl,
      images: row.images,
      sellingPrice: row.sellingPrice,
      discountPrice: row.discountPrice,
      retailPrice: row.retailPrice,
      originalPrice: row.originalPrice,
      buyMin: row.buyMin,
      dispatchFee: row.dispatchFee,
      distanceFee: row.distanceFee,
      deliveryFee: row.deliveryFee,
    };
  }

  /** A new goods of the caller's store, off the shelf until they put it on sale. */
  async createGoods(ctx: RequestContext, input: GoodsInput): Promise<SellerGoodsDetailDto> {
    const store = await this.ownStore(ctx);
    if (input.specs.some((s) => s.attrId !== undefined)) {
      throw new AppError('SPECIFICATION_NOT_FOUND');
    }
    const fields = await this.fields(ctx, input);
    const id = newId();
    const now = this.clock.now();
    const tree = await this.catalogue.categoryIndex();
    const detail = await inTransaction(this.db, async (tx) => {
      await this.repository.insertGoods(tx, { ...fields, id, sellerId: store.id, stock: input.stock }, now);
      for (const [sort, spec] of input.specs.entries()) {
        await this.repository.insertSpec(tx, {
          id: newId(),
          goodsId: id,
          name: spec.name,
          price: spec.price,
          stock: spec.stock,
          sort,
        });
      }
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'goods.create',
        targetType: 'goods',
        targetId: id,
        after: { ...this.auditView(fields, input.specs), stock: input.stock },
      });
      return this.detailDto(ctx, tx, await this.ownGoods(tx, store, id), tree);
    });
    await this.catalogue.invalidate();
    return detail;
  }

  /**
   * Replaces what the editor shows: name, category, prices, images, buyMin, fees, description
   * and specifications (kept ones by `attrId` keep their stock; new ones start with theirs;
   * those left out are deleted). The status and the stock of existing rows do not change here.
   */
  async updateGoods(ctx: RequestContext, goodsId: string, input: GoodsInput): Promise<SellerGoodsDetailDto> {
    const store = await this.ownStore(ctx);
    const existing = await this.ownGoods(this.db, store, goodsId);
    const fields = await this.fields(ctx, input, existing);
    const tree = await this.catalogue.categoryIndex();
    const detail = await inTransaction(this.db, async (tx) => {
      const before = await this.ownGoods(tx, store, goodsId, true);
      const specs = (await this.repository.specsOf(tx, [goodsId])).get(goodsId) ?? [];
      const kept = new Set(input.specs.map((s) => s.attrId).filter((id): id is string => id !== undefined));
      for (const id of kept) {
        if (!specs.some((s) => s.id === id)) throw new AppError('SPECIFICATION_NOT_FOUND');
      }
      await this.repository.updateGoods(tx, goodsId, fields, this.clock.now());
      await this.repository.deleteSpecs(
        tx,
        goodsId,
        specs.filter((s) => !kept.has(s.id)).map((s) => s.id),
      );
      // Kept specifications first take names nobody can type (names refuse control characters),
      // so two of them may swap names without tripping the (goods, name) unique constraint halfway.
      for (const spec of specs.filter((s) => kept.has(s.id))) {
        await this.repository.updateSpec(tx, { ...spec, name: `\u0001${spec.id}` });
      }
      for (const [sort, spec] of input.specs.entries()) {
        if (spec.attrId !== undefined) {
          await this.repository.updateSpec(tx, {
            id: spec.attrId,
            goodsId,
            name: spec.name,
            price: spec.price,
            sort,
          });
        } else {
          await this.repository.insertSpec(tx, {
            id: newId(),
            goodsId,
            name: spec.name,
            price: spec.price,
            stock: spec.stock,
            sort,
          });
        }
      }
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'goods.update',
        targetType: 'goods',
        targetId: goodsId,
        before: this.auditView(this.rowFields(before), specs),
        after: this.auditView(fields, input.specs),
      });
      return this.detailDto(ctx, tx, await this.ownGoods(tx, store, goodsId), tree);
    });
    await this.catalogue.invalidate();
    return detail;
  }

  /**
   * Adds units to (or, negative, takes them from) the goods' stock or a specification's own
   * stock. STOCK_INSUFFICIENT when it would fall below zero; SPEC_STOCK_SHARED for a
   * specification that sells from the goods' stock.
   */
  async changeStock(
    ctx: RequestContext,
    goodsId: string,
    change: number,
    attrId?: string,
  ): Promise<SellerGoodsDetailDto> {
    const store = await this.ownStore(ctx);
    const tree = await this.catalogue.categoryIndex();
    const detail = await inTransaction(this.db, async (tx) => {
      await this.ownGoods(tx, store, goodsId, true);
      let after: number | undefined;
      if (attrId !== undefined) {
        const spec = ((await this.repository.specsOf(tx, [goodsId])).get(goodsId) ?? []).find(
          (s) => s.id === attrId,
        );
        if (!spec) throw new AppError('SPECIFICATION_NOT_FOUND');
        if (spec.stock === null) throw new AppError('SPEC_STOCK_SHARED');
        after = await this.repository.changeSpecStock(tx, spec.id, change, SELLER_LIMITS.stockMax);
      } else {
        after = await this.repository.changeGoodsStock(
          tx,
          goodsId,
          change,
          SELLER_LIMITS.stockMax,
          this.clock.now(),
        );
      }
      if (after === undefined) {
        throw change < 0
          ? new AppError('STOCK_INSUFFICIENT')
          : new AppError('PARAMETER_ERROR', { field: 'change' });
      }
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'goods.stock',
        targetType: 'goods',
        targetId: goodsId,
        before: { attrId: attrId ?? null, stock: after - change },
        after: { attrId: attrId ?? null, stock: after, change },
      });
      return this.detailDto(ctx, tx, await this.ownGoods(tx, store, goodsId), tree);
    });
    await this.catalogue.invalidate();
    return detail;
  }

  /** Puts a goods on sale or takes it off the shelf. */
  async setShelf(ctx: RequestContext, goodsId: string, onShelf: boolean): Promise<SellerGoodsDetailDto> {
    const store = await this.ownStore(ctx);
    const status = onShelf ? GOODS_STATUS.onSale : GOODS_STATUS.offShelf;
    const tree = await this.catalogue.categoryIndex();
    const detail = await inTransaction(this.db, async (tx) => {
      const before = await this.ownGoods(tx, store, goodsId, true);
      if (before.status !== status) {
        await this.repository.setStatus(tx, goodsId, status, this.clock.now());
        await this.audit.record(tx, {
          brand: ctx.brand.key,
          actorId: actorOf(ctx).userId,
          action: 'goods.shelf',
          targetType: 'goods',
          targetId: goodsId,
          before: { status: before.status },
          after: { status },
        });
      }
      return this.detailDto(ctx, tx, await this.ownGoods(tx, store, goodsId), tree);
    });
    await this.catalogue.invalidate();
    return detail;
  }

  /**
   * Deletes a goods that was never ordered (it is marked removed: buyers' favourites show it as
   * gone, and it leaves every list); GOODS_HAS_ORDERS otherwise, and nothing changes.
   */
  async deleteGoods(ctx: RequestContext, goodsId: string): Promise<void> {
    const store = await this.ownStore(ctx);
    await inTransaction(this.db, async (tx) => {
      const before = await this.ownGoods(tx, store, goodsId, true);
      await this.repository.setStatus(tx, goodsId, GOODS_STATUS.removed, this.clock.now());
      // Asked after the write: on PostgreSQL an order committed while this waited for the row is
      // seen by this later statement, and the removal is rolled back.
      if ((await this.orderedGoods(tx, [goodsId])).has(goodsId)) throw new AppError('GOODS_HAS_ORDERS');
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'goods.delete',
        targetType: 'goods',
        targetId: goodsId,
        before: { status: before.status, name: before.name },
        after: { status: GOODS_STATUS.removed },
      });
    });
    await this.catalogue.invalidate();
  }
}
