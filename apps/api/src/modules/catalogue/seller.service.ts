/**
 * The seller's own goods (console, role `seller`), on top of their store (seller-store.service.ts):
 * only that store's goods; any other id answers PRODUCT_NOT_FOUND as if it did not exist. Every
 * write runs in one transaction with its audit entry, then clears the catalogue's caches in every
 * process so the storefront shows it at once. Stock of existing goods and specifications moves only
 * by adding or taking units (conditional updates), so orders placed meanwhile are never overwritten.
 */
import {
  formatMoney,
  GOODS_STATUS,
  type Page,
  SELLER_LIMITS,
  type SellerGoodsDetailDto,
  type SellerGoodsRowDto,
} from '@mall/contract';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { parseImages } from './catalogue.mappers.ts';
import type { CategoryTree } from './category-tree.ts';
import { readGoodsLanguages, writeGoodsLanguages } from './goods-translations.ts';
import type { GoodsFields, OwnGoodsRow, StoreRow } from './seller.repository.ts';
import type { GoodsInput, OwnGoodsListQuery } from './seller.types.ts';
import { fieldsOfRow, goodsAuditView, toSellerGoodsRow } from './seller-goods.mappers.ts';
import { SellerStores } from './seller-store.service.ts';

export type {
  GoodsInput,
  NewStore,
  OrderedGoods,
  OwnGoodsListQuery,
  OwnImageUrl,
  SpecInput,
  StoreInput,
} from './seller.types.ts';

export class SellerCatalogueService extends SellerStores {
  // ---- goods: reads ----

  private async ownGoods(executor: Executor, store: StoreRow, goodsId: string, lock = false) {
    const row = await this.repository.findOwnGoods(executor, store.id, goodsId, lock);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return row;
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
      rows.map((r) => toSellerGoodsRow(r, specs.get(r.id) ?? [], tree, ctx.lang)),
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
    const [specs, ordered, languages] = await Promise.all([
      this.repository.specsOf(executor, [row.id]),
      this.orderedGoods(executor, [row.id]),
      readGoodsLanguages(executor, row.id),
    ]);
    const own = specs.get(row.id) ?? [];
    return {
      ...toSellerGoodsRow(row, own, tree, ctx.lang),
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
      ...languages,
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
      await writeGoodsLanguages(tx, id, input.lang ?? ctx.lang, input.translations);
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
        after: { ...goodsAuditView(fields, input.specs), stock: input.stock },
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
      await writeGoodsLanguages(tx, goodsId, input.lang, input.translations);
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
        before: goodsAuditView(fieldsOfRow(before), specs),
        after: goodsAuditView(fields, input.specs),
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
