/**
 * The catalogue for the orders flow and other modules: what can be bought at which price, stock
 * reservations that never go below zero (run on the flow's transaction), units sold, goods
 * status, and goods cards by id.
 */
import { GOODS_STATUS, type GoodsCardDto } from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { toGoodsCard } from './catalogue.mappers.ts';
import type { GoodsRow, SpecRow } from './catalogue.repository.ts';
import type { CatalogueData } from './catalogue-data.ts';
import type { Purchasable, StockChange } from './catalogue-types.ts';

function positiveInt(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('PARAMETER_ERROR', { field });
  return value;
}

export class CatalogueStock {
  constructor(private readonly data: CatalogueData) {}

  private get repository() {
    return this.data.repository;
  }

  private get clock() {
    return this.data.clock;
  }

  // ---- for other modules (favourites, reviews) ----

  /** Cards by id with whether each is still on sale (favourites keep removed goods, greyed). */
  async goodsCards(ids: readonly string[]): Promise<Map<string, GoodsCardDto & { onSale: boolean }>> {
    const rows = await this.repository.findCardsByIds(ids);
    return new Map(rows.map((r) => [r.id, { ...toGoodsCard(r), onSale: r.status === GOODS_STATUS.onSale }]));
  }

  /** The goods' store, or PRODUCT_NOT_FOUND; with `onSale` also PRODUCT_OFF_SHELF when not on sale. */
  async requireGoods(id: string, onSale: boolean, executor?: Executor): Promise<{ sellerId: string }> {
    const row = await this.repository.findGoods(id, executor);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (onSale && row.status !== GOODS_STATUS.onSale) throw new AppError('PRODUCT_OFF_SHELF');
    return { sellerId: row.sellerId };
  }

  // ---- for the orders flow (run inside the flow's transaction) ----

  private pickSpec(row: GoodsRow, specs: SpecRow[], attr: string | undefined): SpecRow | undefined {
    const wanted = attr?.trim() ?? '';
    if (specs.length === 0) {
      if (wanted !== '') throw new AppError('SPECIFICATION_NOT_FOUND');
      return undefined;
    }
    if (wanted === '') throw new AppError('SELECT_SPECIFICATION');
    const spec = specs.find((s) => s.id === wanted) ?? specs.find((s) => s.name === wanted);
    if (!spec || spec.goodsId !== row.id) throw new AppError('SPECIFICATION_NOT_FOUND');
    return spec;
  }

  private async resolve(
    executor: Executor,
    sellerGoodsId: string,
    attr: string | undefined,
  ): Promise<{ item: Purchasable; spec: SpecRow | undefined }> {
    const row = await this.repository.findGoods(sellerGoodsId, executor);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (row.status !== GOODS_STATUS.onSale || row.sellerStatus !== 1) throw new AppError('PRODUCT_OFF_SHELF');
    const spec = this.pickSpec(row, await this.repository.findSpecs(sellerGoodsId, executor), attr);
    const item: Purchasable = {
      sellerGoodsId: row.id,
      sellerId: row.sellerId,
      sellerOwnerUserId: row.sellerOwnerUserId,
      name: row.name,
      imgUrl1: row.coverUrl,
      attrId: spec?.id ?? null,
      attrName: spec?.name ?? '',
      unitPrice: spec?.price ?? row.price,
      stock: spec?.stock ?? row.stock,
      buyMin: row.buyMin,
      dispatchFee: row.dispatchFee,
      distanceFee: row.distanceFee,
      deliveryFee: row.deliveryFee,
    };
    return { item, spec };
  }

  /**
   * What one goods (and specification: its id or `checkAttrName`) costs and how many are left,
   * read on `executor`. PRODUCT_NOT_FOUND, PRODUCT_OFF_SHELF (also when its store closed),
   * SELECT_SPECIFICATION, SPECIFICATION_NOT_FOUND.
   */
  async getPurchasable(executor: Executor, sellerGoodsId: string, attr?: string): Promise<Purchasable> {
    return (await this.resolve(executor, sellerGoodsId, attr)).item;
  }

  /**
   * Takes `quantity` units out of stock with one conditional update (`stock >= quantity`), so
   * concurrent buyers can never drive it below zero. Answers what was reserved at which price.
   * STOCK_INSUFFICIENT when there are not enough; the errors of getPurchasable otherwise.
   */
  async reserveStock(executor: Executor, change: StockChange): Promise<Purchasable> {
    const quantity = positiveInt(change.quantity, 'quantity');
    const { item, spec } = await this.resolve(executor, change.sellerGoodsId, change.attr);
    const taken =
      spec && spec.stock !== null
        ? await this.repository.takeSpecStock(executor, spec.id, quantity)
        : await this.repository.takeGoodsStock(executor, item.sellerGoodsId, quantity, this.clock.now());
    if (!taken) throw new AppError('STOCK_INSUFFICIENT');
    this.data.goodsChanged([item.sellerGoodsId]);
    return { ...item, stock: item.stock - quantity };
  }

  /** Puts reserved units back (a cancelled or refunded order), whatever the goods' status now. */
  async releaseStock(executor: Executor, change: StockChange): Promise<void> {
    const quantity = positiveInt(change.quantity, 'quantity');
    const row = await this.repository.findGoods(change.sellerGoodsId, executor);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    const spec = this.pickSpec(row, await this.repository.findSpecs(row.id, executor), change.attr);
    const now = this.clock.now();
    const done =
      spec && spec.stock !== null
        ? await this.repository.returnSpecStock(executor, spec.id, quantity)
        : await this.repository.returnGoodsStock(executor, row.id, quantity, now);
    if (!done) throw new AppError('PRODUCT_NOT_FOUND');
    this.data.goodsChanged([row.id]);
  }

  /** Adds units sold to the goods (negative on a refund; never below zero). */
  async recordSold(executor: Executor, sellerGoodsId: string, delta: number): Promise<void> {
    if (!Number.isSafeInteger(delta) || delta === 0)
      throw new AppError('PARAMETER_ERROR', { field: 'quantity' });
    if (!(await this.repository.addSold(executor, sellerGoodsId, delta)))
      throw new AppError('PRODUCT_NOT_FOUND');
  }

  /** Puts goods on sale (1), off the shelf (0) or removes them (-1). */
  async setGoodsStatus(executor: Executor, sellerGoodsId: string, status: number): Promise<void> {
    if (!Object.values(GOODS_STATUS).includes(status as never)) {
      throw new AppError('PARAMETER_ERROR', { field: 'status' });
    }
    const done = await this.repository.setGoodsStatus(executor, sellerGoodsId, status, this.clock.now());
    if (!done) throw new AppError('PRODUCT_NOT_FOUND');
    await this.data.invalidate();
  }
}
