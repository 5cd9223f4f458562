import type { OrderEventType, OrderStatus, RefundStatus, SettlementSort } from '@mall/contract';
import { sql, type Updateable } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';
import { affected, type Precompiled, precompiled } from '../../core/db/precompiled.ts';
import type { SortOrder } from '../../core/http/paging.ts';
import { newId } from '../../core/ids.ts';
import type { OrdersTable } from './orders.table.ts';

export type TimestampColumn =
  | 'reminded_at'
  | 'paid_at'
  | 'confirmed_at'
  | 'shipped_at'
  | 'received_at'
  | 'reviewed_at'
  | 'settled_at'
  | 'closed_at';

export interface OrderRow {
  id: string;
  serialNo: string;
  brand: string;
  userId: string;
  sellerId: string;
  sellerName: string;
  sellerOwnerUserId: string | null;
  status: OrderStatus;
  refundStatus: RefundStatus;
  payMethod: string | null;
  goodsAmount: bigint;
  freight: bigint;
  tax: bigint;
  discount: bigint;
  handlingFee: bigint;
  total: bigint;
  paidAmount: bigint;
  refundedAmount: bigint;
  receiver: {
    name: string;
    email: string;
    areaCode: string;
    phone: string;
    nation: string;
    state: string;
    city: string;
    postCode: string;
    address: string;
  };
  remark: string;
  cancelReason: number | null;
  cancelText: string;
  returnReason: number | null;
  returnAmount: bigint | null;
  returnRemark: string;
  returnImages: string[];
  refundFromStatus: OrderStatus | null;
  remindedAt: number | null;
  paidAt: number | null;
  confirmedAt: number | null;
  shippedAt: number | null;
  receivedAt: number | null;
  reviewedAt: number | null;
  settledAt: number | null;
  closedAt: number | null;
  createdAt: number;
}

export interface OrderItemRow {
  id: string;
  orderId: string;
  sellerGoodsId: string;
  attrId: string | null;
  attrName: string;
  name: string;
  imgUrl: string;
  unitPrice: bigint;
  quantity: number;
  freight: bigint;
  subtotal: bigint;
  reviewed: boolean;
}

export interface OrderEventRow {
  type: OrderEventType;
  actorId: string | null;
  note: string;
  createdAt: number;
}

export interface LogisticsRow {
  carrier: string;
  trackingNo: string;
  content: string;
  location: string;
  eventAt: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : toNumber(v as bigint));

function toOrder(r: Record<string, unknown>): OrderRow {
  return {
    id: r.id as string,
    serialNo: r.serial_no as string,
    brand: r.brand as string,
    userId: r.user_id as string,
    sellerId: r.seller_id as string,
    sellerName: r.seller_name as string,
    sellerOwnerUserId: (r.seller_owner_user_id as string | null) ?? null,
    status: toNumber(r.status as bigint) as OrderStatus,
    refundStatus: toNumber(r.refund_status as bigint) as RefundStatus,
    payMethod: (r.pay_method as string | null) ?? null,
    goodsAmount: BigInt(r.goods_amount as bigint),
    freight: BigInt(r.freight as bigint),
    tax: BigInt(r.tax as bigint),
    discount: BigInt(r.discount as bigint),
    handlingFee: BigInt(r.handling_fee as bigint),
    total: BigInt(r.total as bigint),
    paidAmount: BigInt(r.paid_amount as bigint),
    refundedAmount: BigInt(r.refunded_amount as bigint),
    receiver: {
      name: r.receiver_name as string,
      email: r.receiver_email as string,
      areaCode: r.receiver_area_code as string,
      phone: r.receiver_phone as string,
      nation: r.receiver_nation as string,
      state: r.receiver_state as string,
      city: r.receiver_city as string,
      postCode: r.receiver_post_code as string,
      address: r.receiver_address as string,
    },
    remark: r.remark as string,
    cancelReason: num(r.cancel_reason),
    cancelText: r.cancel_text as string,
    returnReason: num(r.return_reason),
    returnAmount:
      r.return_amount === null || r.return_amount === undefined ? null : BigInt(r.return_amount as bigint),
    returnRemark: r.return_remark as string,
    returnImages: JSON.parse((r.return_images as string) || '[]') as string[],
    refundFromStatus: num(r.refund_from_status) as OrderStatus | null,
    remindedAt: num(r.reminded_at),
    paidAt: num(r.paid_at),
    confirmedAt: num(r.confirmed_at),
    shippedAt: num(r.shipped_at),
    receivedAt: num(r.received_at),
    reviewedAt: num(r.reviewed_at),
    settledAt: num(r.settled_at),
    closedAt: num(r.closed_at),
    createdAt: toNumber(r.created_at as bigint),
  };
}

function toItem(r: Record<string, unknown>): OrderItemRow {
  return {
    id: r.id as string,
    orderId: r.order_id as string,
    sellerGoodsId: r.seller_goods_id as string,
    attrId: (r.attr_id as string | null) ?? null,
    attrName: r.attr_name as string,
    name: r.name as string,
    imgUrl: r.img_url as string,
    unitPrice: BigInt(r.unit_price as bigint),
    quantity: toNumber(r.quantity as bigint),
    freight: BigInt(r.freight as bigint),
    subtotal: BigInt(r.subtotal as bigint),
    reviewed: toNumber(r.reviewed as bigint) === 1,
  };
}

type Row = Record<string, unknown>;

/** An order's columns as inserted (a new order: nothing cancelled, paid or shipped yet). */
function orderValues(o: OrderRow) {
  return {
    id: o.id,
    serial_no: o.serialNo,
    brand: o.brand,
    user_id: o.userId,
    seller_id: o.sellerId,
    seller_name: o.sellerName,
    seller_owner_user_id: o.sellerOwnerUserId,
    status: o.status,
    refund_status: o.refundStatus,
    pay_method: o.payMethod,
    goods_amount: o.goodsAmount,
    freight: o.freight,
    tax: o.tax,
    discount: o.discount,
    handling_fee: o.handlingFee,
    total: o.total,
    paid_amount: o.paidAmount,
    refunded_amount: o.refundedAmount,
    receiver_name: o.receiver.name,
    receiver_email: o.receiver.email,
    receiver_area_code: o.receiver.areaCode,
    receiver_phone: o.receiver.phone,
    receiver_nation: o.receiver.nation,
    receiver_state: o.receiver.state,
    receiver_city: o.receiver.city,
    receiver_post_code: o.receiver.postCode,
    receiver_address: o.receiver.address,
    remark: o.remark,
    cancel_reason: null,
    cancel_text: '',
    return_reason: null,
    return_amount: null,
    return_remark: '',
    return_images: '[]',
    refund_from_status: null,
    reminded_at: null,
    paid_at: null,
    confirmed_at: null,
    shipped_at: null,
    received_at: null,
    reviewed_at: null,
    settled_at: null,
    closed_at: null,
    created_at: o.createdAt,
    updated_at: o.createdAt,
  };
}

function itemValues(i: OrderItemRow) {
  return {
    id: i.id,
    order_id: i.orderId,
    seller_goods_id: i.sellerGoodsId,
    attr_id: i.attrId,
    attr_name: i.attrName,
    name: i.name,
    img_url: i.imgUrl,
    unit_price: i.unitPrice,
    quantity: i.quantity,
    freight: i.freight,
    subtotal: i.subtotal,
    reviewed: 0,
  };
}

// The hottest statements of a checkout, compiled once (core/db/precompiled.ts).
const insertOrderRow = precompiled<ReturnType<typeof orderValues>>((db, p) =>
  db.insertInto('orders').values(p),
);
const insertOneItem = precompiled<ReturnType<typeof itemValues>>((db, p) =>
  db.insertInto('order_items').values(p),
);
const selectOrder = precompiled<{ id: string }>((db, p) =>
  db.selectFrom('orders').selectAll().where('id', '=', p.id),
);
const selectOrderForUpdate = precompiled<{ id: string }>((db, p) =>
  db.selectFrom('orders').selectAll().where('id', '=', p.id).forUpdate(),
);
const selectItemsOfOrder = precompiled<{ orderId: string }>((db, p) =>
  db.selectFrom('order_items').selectAll().where('order_id', '=', p.orderId).orderBy('id'),
);
const insertEventRow = precompiled<{
  id: string;
  order_id: string;
  type: string;
  actor_id: string | null;
  note: string;
  created_at: number;
}>((db, p) => db.insertInto('order_events').values(p));
const insertSubmission = precompiled<{
  user_id: string;
  submit_key: string;
  request_hash: string;
  order_ids: string;
  created_at: number;
}>((db, p) =>
  db
    .insertInto('order_submissions')
    .values(p)
    .onConflict((oc) => oc.columns(['user_id', 'submit_key']).doNothing()),
);
const updateSubmissionOrders = precompiled<{ orderIds: string; userId: string; key: string }>((db, p) =>
  db
    .updateTable('order_submissions')
    .set({ order_ids: p.orderIds })
    .where('user_id', '=', p.userId)
    .where('submit_key', '=', p.key),
);

export interface NewOrder {
  row: OrderRow;
  items: OrderItemRow[];
}

/** The order of the seller's settlement list. */
export interface SettledOrder {
  sort: SettlementSort;
  order: SortOrder;
}

export interface OrderFilter {
  userId?: string;
  /** Orders of stores this user owns (a seller's view). */
  sellerOwnerUserId?: string;
  sellerIds?: readonly string[];
  brand?: string;
  statuses?: readonly number[] | null;
  /** Only orders with a refund or return asked for (after-sales). */
  afterSales?: boolean;
  keyword?: string;
  /** By time placed (default) or by total; ties broken by id so pages never repeat a row. */
  sort?: 'time' | 'amount';
  order?: 'asc' | 'desc';
}

export type OrderPatch = Partial<
  Pick<
    Updateable<OrdersTable>,
    | 'cancel_reason'
    | 'cancel_text'
    | 'return_reason'
    | 'return_amount'
    | 'return_remark'
    | 'return_images'
    | 'refund_from_status'
    | 'refunded_amount'
    | 'pay_method'
    | 'paid_amount'
  >
>;

/** SQL of orders. State changes are conditional on the state they were decided from. */
export class OrdersRepository {
  /** The state-change UPDATE per shape (timestamp and columns set), precompiled. */
  private readonly stateChanges = new Map<string, Precompiled<Record<string, unknown>, Row>>();

  constructor(private readonly dialect: DialectName) {}

  /**
   * The UPDATE of `changeState` for one shape: the columns set, conditional on the state it was
   * decided from, a timestamp stamped only once, the order as changed returned (RETURNING, which
   * both dialects have).
   */
  private stateChange(stamp: TimestampColumn | undefined, columns: string[]) {
    const shape = `${stamp ?? ''}|${columns.join(',')}`;
    let query = this.stateChanges.get(shape);
    if (!query) {
      query = precompiled<Record<string, unknown>, Row>((db, p) => {
        let q = db
          .updateTable('orders')
          .set(Object.fromEntries(columns.map((c) => [c, p[c]])) as Updateable<OrdersTable>)
          .where('id', '=', p.where_id as string)
          .where('status', '=', p.where_status as number)
          .where('refund_status', '=', p.where_refund_status as number);
        if (stamp) q = q.where(stamp, 'is', null);
        return q.returningAll();
      });
      this.stateChanges.set(shape, query);
    }
    return query;
  }

  async insertOrder(db: Executor, order: NewOrder): Promise<void> {
    await insertOrderRow(db, orderValues(order.row));
    if (order.items.length === 1) {
      await insertOneItem(db, itemValues(order.items[0]!));
      return;
    }
    await db.insertInto('order_items').values(order.items.map(itemValues)).execute();
  }

  /** The order; `lock` holds its row until the transaction ends (PostgreSQL; SQLite has one writer). */
  async findById(db: Executor, id: string, lock = false): Promise<OrderRow | undefined> {
    const query = lock && this.dialect === 'postgres' ? selectOrderForUpdate : selectOrder;
    const row = (await query(db, { id })).rows[0];
    return row ? toOrder(row) : undefined;
  }

  async findMany(db: Executor, ids: readonly string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, toOrder(r as unknown as Row)]));
    return ids.map((id) => byId.get(id)).filter((o): o is OrderRow => o !== undefined);
  }

  async items(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderItemRow[]>> {
    const out = new Map<string, OrderItemRow[]>();
    if (orderIds.length === 0) return out;
    const rows =
      orderIds.length === 1
        ? (await selectItemsOfOrder(db, { orderId: orderIds[0]! })).rows
        : await db
            .selectFrom('order_items')
            .selectAll()
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute();
    for (const r of rows) {
      const item = toItem(r as unknown as Row);
      const list = out.get(item.orderId) ?? [];
      list.push(item);
      out.set(item.orderId, list);
    }
    return out;
  }

  /**
   * Moves the order from the state it was read in to a new one; false when it is no longer in that
   * state (someone else acted first). Stamps a time column, and refuses to stamp one twice.
   */
  async changeState(
    db: Executor,
    from: OrderRow,
    change: {
      status: number;
      refundStatus: number;
      stamp: TimestampColumn | undefined;
      now: number;
      patch: OrderPatch;
    },
  ): Promise<OrderRow | undefined> {
    // Undefined values are left out, as Kysely's set() would.
    const set = Object.fromEntries(
      Object.entries({
        status: change.status,
        refund_status: change.refundStatus,
        updated_at: change.now,
        ...(change.stamp ? { [change.stamp]: change.now } : {}),
        ...change.patch,
      }).filter(([, value]) => value !== undefined),
    );
    const row = (
      await this.stateChange(change.stamp, Object.keys(set))(db, {
        ...set,
        where_id: from.id,
        where_status: from.status,
        where_refund_status: from.refundStatus,
      })
    ).rows[0];
    return row ? toOrder(row) : undefined;
  }

  async insertEvent(
    db: Executor,
    orderId: string,
    type: OrderEventType,
    actorId: string | null,
    note: string,
    now: number,
  ): Promise<void> {
    await insertEventRow(db, {
      id: newId(),
      order_id: orderId,
      type,
      actor_id: actorId,
      note: note.slice(0, 500),
      created_at: now,
    });
  }

  async events(db: Executor, orderId: string): Promise<OrderEventRow[]> {
    const rows = await db
      .selectFrom('order_events')
      .select(['type', 'actor_id', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      type: r.type as OrderEventType,
      actorId: r.actor_id,
      note: r.note,
      createdAt: toNumber(r.created_at),
    }));
  }

  async addLogistics(db: Executor, orderId: string, entry: LogisticsRow, now: number): Promise<void> {
    await db
      .insertInto('order_logistics')
      .values({
        id: newId(),
        order_id: orderId,
        carrier: entry.carrier,
        tracking_no: entry.trackingNo,
        content: entry.content,
        location: entry.location,
        event_at: entry.eventAt,
        created_at: now,
      })
      .execute();
  }

  /** Logistics entries, oldest first (SPEC §3). */
  async logistics(db: Executor, orderId: string): Promise<LogisticsRow[]> {
    const rows = await db
      .selectFrom('order_logistics')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('event_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      carrier: r.carrier,
      trackingNo: r.tracking_no,
      content: r.content,
      location: r.location,
      eventAt: toNumber(r.event_at),
    }));
  }

  async markItemsReviewed(db: Executor, orderId: string, itemIds: readonly string[]): Promise<number> {
    const result = await db
      .updateTable('order_items')
      .set({ reviewed: 1 })
      .where('order_id', '=', orderId)
      .where('id', 'in', itemIds)
      .where('reviewed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private filtered(db: Executor, filter: OrderFilter) {
    let q = db.selectFrom('orders');
    if (filter.userId) q = q.where('user_id', '=', filter.userId);
    if (filter.sellerOwnerUserId) q = q.where('seller_owner_user_id', '=', filter.sellerOwnerUserId);
    if (filter.sellerIds)
      q = q.where('seller_id', 'in', filter.sellerIds.length > 0 ? filter.sellerIds : ['-']);
    if (filter.brand) q = q.where('brand', '=', filter.brand);
    if (filter.afterSales) {
      q = q.where((eb) => eb.or([eb('status', '=', 6), eb('refund_status', '<>', 0)]));
    } else if (filter.statuses) {
      q = q.where('status', 'in', filter.statuses);
    }
    if (filter.keyword) {
      const k = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('serial_no', 'like', k), eb('receiver_name', 'like', k)]));
    }
    return q;
  }

  async list(
    db: Executor,
    filter: OrderFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const q = this.filtered(db, filter);
    const column = filter.sort === 'amount' ? 'total' : 'created_at';
    const order = filter.order ?? 'desc';
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy(column, order).orderBy('id', order).limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toOrder(r as unknown as Row)), total: toNumber(count.n as bigint) };
  }

  /** Orders per status and after-sales, for the tabs' counts. */
  async counts(
    db: Executor,
    filter: OrderFilter,
  ): Promise<{ byStatus: Map<number, number>; afterSales: number }> {
    const rows = await this.filtered(db, filter)
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    const afterSales = await this.filtered(db, { ...filter, afterSales: true })
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return {
      byStatus: new Map(rows.map((r) => [toNumber(r.status as bigint), toNumber(r.n)])),
      afterSales: toNumber(afterSales.n as bigint),
    };
  }

  /** Which of these goods appear on any order line (whatever became of the order). */
  async orderedGoods(db: Executor, goodsIds: readonly string[]): Promise<Set<string>> {
    if (goodsIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('order_items')
      .select('seller_goods_id')
      .distinct()
      .where('seller_goods_id', 'in', [...goodsIds])
      .execute();
    return new Set(rows.map((r) => r.seller_goods_id));
  }

  /**
   * Settled orders of stores a user owns, newest settlement first unless sorted otherwise, and how
   * many there are. `gross` is what stayed in escrow for the seller: paid, less refunds.
   */
  async settledOfOwner(
    db: Executor,
    ownerUserId: string,
    limit: number,
    offset: number,
    { sort, order }: SettledOrder = { sort: 'settleTime', order: 'desc' },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const q = db
      .selectFrom('orders')
      .where('seller_owner_user_id', '=', ownerUserId)
      .where('settled_at', 'is not', null);
    const key =
      sort === 'gross'
        ? sql`paid_amount - refunded_amount`
        : sort === 'orderTime'
          ? sql.ref('created_at')
          : sql.ref('settled_at');
    const [rows, count] = await Promise.all([
      // Equal keys by id, so a page never repeats or skips an order.
      q.selectAll().orderBy(key, order).orderBy('id', order).limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toOrder(r as unknown as Row)), total: toNumber(count.n as bigint) };
  }

  // --- submissions ---------------------------------------------------------------------------------

  /** Claims a submission key; false when it was used before (the earlier orders are the answer). */
  async claimSubmission(
    db: Executor,
    userId: string,
    key: string,
    requestHash: string,
    now: number,
  ): Promise<boolean> {
    const result = await insertSubmission(db, {
      user_id: userId,
      submit_key: key,
      request_hash: requestHash,
      order_ids: '[]',
      created_at: now,
    });
    return affected(result) === 1n;
  }

  async findSubmission(db: Executor, userId: string, key: string) {
    const row = await db
      .selectFrom('order_submissions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('submit_key', '=', key)
      .executeTakeFirst();
    return row
      ? { requestHash: row.request_hash, orderIds: JSON.parse(row.order_ids) as string[] }
      : undefined;
  }

  async setSubmissionOrders(
    db: Executor,
    userId: string,
    key: string,
    orderIds: readonly string[],
  ): Promise<void> {
    await updateSubmissionOrders(db, { orderIds: JSON.stringify(orderIds), userId, key });
  }
}
