/**
 * Orders as the buyer and the seller read them: lists with the SPEC tabs, counts, details with
 * history and logistics. Writes that touch other modules (stock, money, reviews) are flows
 * (apps/api/src/flows/orders); the state machine is the only code that changes an order's state.
 */
import {
  type Brand,
  ORDER_TABS,
  type OrderCountsDto,
  type OrderDetailDto,
  type OrderDto,
  type OrderTab,
  type Page,
} from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import type { ParamsService } from '../params/index.ts';
import { type Deadlines, detailDto, logisticsDto, orderDto } from './orders.dto.ts';
import type {
  OrderFilter,
  OrderItemRow,
  OrderRow,
  OrdersRepository,
  SettledOrder,
} from './orders.repository.ts';

export class OrdersService {
  constructor(
    private readonly db: Executor,
    readonly repository: OrdersRepository,
    private readonly params: ParamsService,
  ) {}

  /** Inside a transaction pass it as `tx` (see ParamsService.all). */
  async deadlines(brand: Brand, tx?: Executor): Promise<Deadlines> {
    const p = await this.params.all(brand, tx);
    return {
      autoCancelMinutes: Number(p.order_auto_cancel_minutes),
      returnDays: Number(p.order_return_days),
    };
  }

  /** The order if `userId` bought it; ORDER_NOT_FOUND otherwise (another user's order is not there). */
  async ownOrder(executor: Executor, userId: string, orderId: string, lock = false): Promise<OrderRow> {
    const order = await this.repository.findById(executor, orderId, lock);
    if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  /** The order if `userId` owns the store it was bought from. */
  async storeOrder(executor: Executor, userId: string, orderId: string, lock = false): Promise<OrderRow> {
    const order = await this.repository.findById(executor, orderId, lock);
    if (!order || order.sellerOwnerUserId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  async toDtos(brand: Brand, rows: OrderRow[], executor: Executor = this.db): Promise<OrderDto[]> {
    const items = await this.repository.items(
      executor,
      rows.map((r) => r.id),
    );
    return this.dtosWith(brand, rows, items, executor.isTransaction ? executor : undefined);
  }

  /** The same as `toDtos` for a caller that has the orders' items in hand (no read back). */
  async dtosWith(
    brand: Brand,
    rows: readonly OrderRow[],
    items: ReadonlyMap<string, OrderItemRow[]>,
    tx?: Executor,
  ): Promise<OrderDto[]> {
    const deadlines = await this.deadlines(brand, tx);
    return rows.map((r) => orderDto(r, items.get(r.id) ?? [], deadlines));
  }

  filterFor(tab: OrderTab): Pick<OrderFilter, 'statuses' | 'afterSales'> {
    if (tab === 'refund') return { afterSales: true };
    return { statuses: ORDER_TABS[tab] };
  }

  async list(brand: Brand, filter: OrderFilter, page: PageRequest): Promise<Page<OrderDto>> {
    const { rows, total } = await this.repository.list(this.db, filter, page.pageSize, offsetOf(page));
    return pageOf(await this.toDtos(brand, rows), total, page);
  }

  async counts(filter: OrderFilter): Promise<OrderCountsDto> {
    const { byStatus, afterSales } = await this.repository.counts(this.db, filter);
    const sum = (statuses: readonly number[]) => statuses.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
    const all = [...byStatus.values()].reduce((a, b) => a + b, 0);
    return {
      all,
      pay: sum(ORDER_TABS.pay),
      ship: sum(ORDER_TABS.ship),
      confirmed: sum(ORDER_TABS.confirmed),
      receive: sum(ORDER_TABS.receive),
      received: sum(ORDER_TABS.received),
      review: sum(ORDER_TABS.review),
      refund: afterSales,
      cancelled: sum(ORDER_TABS.cancelled),
    };
  }

  async detail(brand: Brand, order: OrderRow): Promise<OrderDetailDto> {
    const [items, events, logistics, deadlines] = await Promise.all([
      this.repository.items(this.db, [order.id]),
      this.repository.events(this.db, order.id),
      this.repository.logistics(this.db, order.id),
      this.deadlines(brand),
    ]);
    return detailDto(order, items.get(order.id) ?? [], events, logistics, deadlines);
  }

  /** Which of these goods were ever ordered (a seller may delete only goods nobody ordered). */
  orderedGoods(executor: Executor, goodsIds: readonly string[]): Promise<Set<string>> {
    return this.repository.orderedGoods(executor, goodsIds);
  }

  /** A page of the settled orders of stores `ownerUserId` owns, newest settlement first by default. */
  settledOfOwner(
    ownerUserId: string,
    page: PageRequest,
    order?: SettledOrder,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    return this.repository.settledOfOwner(this.db, ownerUserId, page.pageSize, offsetOf(page), order);
  }

  /** The order's tracking events; inside a transaction pass it as `db`. */
  async logistics(order: OrderRow, db: Executor = this.db) {
    return (await this.repository.logistics(db, order.id)).map(logisticsDto);
  }
}
