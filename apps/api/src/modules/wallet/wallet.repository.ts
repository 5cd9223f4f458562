import type { AdminRecordSort } from '@mall/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';
import { affected, precompiled } from '../../core/db/precompiled.ts';
import type { Database } from '../../core/db/schema.ts';
import type { RechargeRequestsTable } from './wallet.table.ts';
import type { ChannelRow } from './wallet-channels.ts';

export type RecordStatus = 'processing' | 'success' | 'fail';
export type RechargeKind = 'chain' | 'bank' | 'gateway';

export interface RechargeRow {
  id: string;
  serialNo: string;
  brand: string;
  userId: string;
  kind: RechargeKind;
  channelCode: string;
  network: string | null;
  coin: string;
  rate: bigint;
  amountClaimed: bigint;
  amountCredited: bigint | null;
  txHash: string | null;
  proofUrl: string | null;
  bankName: string | null;
  cardLast4: string | null;
  status: RecordStatus;
  remark: string | null;
  reviewedBy: string | null;
  reviewedAt: number | null;
  transferId: string | null;
  balanceAfter: bigint | null;
  createdAt: number;
}

/**
 * The record lists' filters. `keyword` matches exactly (indexed columns, no scans): a serial
 * number, a transaction hash, a withdrawal address, a user id or a user name. Ties in the sort are
 * broken by id, so pages never repeat or skip a row.
 */
export interface RecordFilter {
  userId?: string | undefined;
  brand?: string | undefined;
  status?: RecordStatus | undefined;
  keyword?: string | undefined;
  /** The users named `keyword`, looked up in accounts (which owns user names) by the caller. */
  keywordUserIds?: readonly string[] | undefined;
  sort?: AdminRecordSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** The keyword's match on a user name: its users' ids, when it names any. */
function namedUsers(
  eb: ExpressionBuilder<Database, 'recharge_requests' | 'withdrawals'>,
  filter: RecordFilter,
) {
  const ids = filter.keywordUserIds;
  return ids && ids.length > 0 ? [eb('user_id', 'in', ids)] : [];
}

export interface WithdrawalRow {
  id: string;
  serialNo: string;
  brand: string;
  userId: string;
  formTokenHash: string;
  channelCode: string;
  network: string;
  address: string;
  amount: bigint;
  fee: bigint;
  actualAmount: bigint;
  status: RecordStatus;
  holdId: string;
  feeHoldId: string | null;
  txHash: string | null;
  remark: string | null;
  reviewedBy: string | null;
  reviewedAt: number | null;
  balanceAfter: bigint;
  day: string;
  createdAt: number;
}

const big = (v: unknown): bigint => BigInt(v as bigint);
const bigOrNull = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as bigint));
const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : toNumber(v as bigint);

function toChannel(r: Record<string, unknown>): ChannelRow {
  return {
    brand: r.brand as string,
    code: r.code as string,
    kind: r.kind as ChannelRow['kind'],
    network: (r.network as ChannelRow['network']) ?? null,
    coin: r.coin as string,
    region: (r.region as string | null) ?? null,
    depositAddress: (r.deposit_address as string | null) ?? null,
    rate: big(r.rate),
    decimals: toNumber(r.amount_decimals as bigint),
    rechargeEnabled: toNumber(r.recharge_enabled as bigint) === 1,
    withdrawEnabled: toNumber(r.withdraw_enabled as bigint) === 1,
    rechargeMin: big(r.recharge_min),
    rechargeMax: big(r.recharge_max),
    withdrawMin: big(r.withdraw_min),
    withdrawMax: big(r.withdraw_max),
    withdrawFeeFixed: big(r.withdraw_fee_fixed),
    withdrawFeeBp: toNumber(r.withdraw_fee_bp as bigint),
    sort: toNumber(r.sort as bigint),
  };
}

// A finance review's statements, precompiled (core/db/precompiled.ts): they run on every approval.

/**
 * Every column of a recharge, named: a `select *` stays an unnamed statement on PostgreSQL (see
 * core/db/precompiled.ts), parsed and planned again on every approval.
 */
const RECHARGE_COLUMNS = [
  'id',
  'serial_no',
  'brand',
  'user_id',
  'kind',
  'channel_code',
  'network',
  'coin',
  'rate',
  'amount_claimed',
  'amount_credited',
  'tx_hash',
  'proof_url',
  'bank_name',
  'card_last4',
  'status',
  'remark',
  'reviewed_by',
  'reviewed_at',
  'transfer_id',
  'balance_after',
  'created_at',
] as const satisfies readonly (keyof RechargeRequestsTable)[];
/** Fails to compile when a column is added to the table and not to the list above. */
const everyRechargeColumn: Exclude<
  keyof RechargeRequestsTable,
  (typeof RECHARGE_COLUMNS)[number]
> extends never
  ? true
  : never = true;
void everyRechargeColumn;
const selectRecharge = precompiled<{ id: string }, Record<string, unknown>>((db, p) =>
  db.selectFrom('recharge_requests').select(RECHARGE_COLUMNS).where('id', '=', p.id),
);
/** What a finance review writes on a processing recharge. */
export type RechargeReview = {
  status: 'success' | 'fail';
  amountCredited: bigint | null;
  remark: string | null;
  reviewedBy: string;
  reviewedAt: number;
  transferId: string | null;
  balanceAfter: bigint | null;
};

const resolveProcessingRecharge = precompiled<RechargeReview & { id: string }>((db, p) =>
  db
    .updateTable('recharge_requests')
    .set({
      status: p.status,
      amount_credited: p.amountCredited,
      remark: p.remark,
      reviewed_by: p.reviewedBy,
      reviewed_at: p.reviewedAt,
      transfer_id: p.transferId,
      balance_after: p.balanceAfter,
    })
    .where('id', '=', p.id)
    .where('status', '=', 'processing'),
);

function toRecharge(r: Record<string, unknown>): RechargeRow {
  return {
    id: r.id as string,
    serialNo: r.serial_no as string,
    brand: r.brand as string,
    userId: r.user_id as string,
    kind: r.kind as RechargeKind,
    channelCode: r.channel_code as string,
    network: (r.network as string | null) ?? null,
    coin: r.coin as string,
    rate: big(r.rate),
    amountClaimed: big(r.amount_claimed),
    amountCredited: bigOrNull(r.amount_credited),
    txHash: (r.tx_hash as string | null) ?? null,
    proofUrl: (r.proof_url as string | null) ?? null,
    bankName: (r.bank_name as string | null) ?? null,
    cardLast4: (r.card_last4 as string | null) ?? null,
    status: r.status as RecordStatus,
    remark: (r.remark as string | null) ?? null,
    reviewedBy: (r.reviewed_by as string | null) ?? null,
    reviewedAt: numOrNull(r.reviewed_at),
    transferId: (r.transfer_id as string | null) ?? null,
    balanceAfter: bigOrNull(r.balance_after),
    createdAt: toNumber(r.created_at as bigint),
  };
}

function toWithdrawal(r: Record<string, unknown>): WithdrawalRow {
  return {
    id: r.id as string,
    serialNo: r.serial_no as string,
    brand: r.brand as string,
    userId: r.user_id as string,
    formTokenHash: r.form_token_hash as string,
    channelCode: r.channel_code as string,
    network: r.network as string,
    address: r.address as string,
    amount: big(r.amount),
    fee: big(r.fee),
    actualAmount: big(r.actual_amount),
    status: r.status as RecordStatus,
    holdId: r.hold_id as string,
    feeHoldId: (r.fee_hold_id as string | null) ?? null,
    txHash: (r.tx_hash as string | null) ?? null,
    remark: (r.remark as string | null) ?? null,
    reviewedBy: (r.reviewed_by as string | null) ?? null,
    reviewedAt: numOrNull(r.reviewed_at),
    balanceAfter: big(r.balance_after),
    day: r.day as string,
    createdAt: toNumber(r.created_at as bigint),
  };
}

type Row = Record<string, unknown>;

export interface Listing<T> {
  rows: T[];
  total: number;
}

/** SQL of the wallet. Status changes are conditional updates, so two operators never both win. */
export class WalletRepository {
  constructor(private readonly dialect: DialectName) {}

  // --- channels ------------------------------------------------------------------------------------

  async channels(db: Executor, brand: string): Promise<ChannelRow[]> {
    const rows = await db
      .selectFrom('wallet_channels')
      .selectAll()
      .where('brand', '=', brand)
      .orderBy('sort')
      .execute();
    return rows.map((r) => toChannel(r as unknown as Row));
  }

  async insertChannels(db: Executor, rows: ChannelRow[], now: number): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('wallet_channels')
      .values(
        rows.map((c) => ({
          brand: c.brand,
          code: c.code,
          kind: c.kind,
          network: c.network,
          coin: c.coin,
          region: c.region,
          deposit_address: c.depositAddress,
          rate: c.rate,
          amount_decimals: c.decimals,
          recharge_enabled: c.rechargeEnabled ? 1 : 0,
          withdraw_enabled: c.withdrawEnabled ? 1 : 0,
          recharge_min: c.rechargeMin,
          recharge_max: c.rechargeMax,
          withdraw_min: c.withdrawMin,
          withdraw_max: c.withdrawMax,
          withdraw_fee_fixed: c.withdrawFeeFixed,
          withdraw_fee_bp: c.withdrawFeeBp,
          sort: c.sort,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['brand', 'code']).doNothing())
      .execute();
  }

  async updateChannel(db: Executor, row: ChannelRow, now: number): Promise<boolean> {
    const result = await db
      .updateTable('wallet_channels')
      .set({
        deposit_address: row.depositAddress,
        rate: row.rate,
        recharge_enabled: row.rechargeEnabled ? 1 : 0,
        withdraw_enabled: row.withdrawEnabled ? 1 : 0,
        recharge_min: row.rechargeMin,
        recharge_max: row.rechargeMax,
        withdraw_min: row.withdrawMin,
        withdraw_max: row.withdrawMax,
        withdraw_fee_fixed: row.withdrawFeeFixed,
        withdraw_fee_bp: row.withdrawFeeBp,
        updated_at: now,
      })
      .where('brand', '=', row.brand)
      .where('code', '=', row.code)
      .executeTakeFirst();
    return BigInt(result.numUpdatedRows) === 1n;
  }

  // --- recharges -----------------------------------------------------------------------------------

  async insertRecharge(db: Executor, r: RechargeRow): Promise<void> {
    await db
      .insertInto('recharge_requests')
      .values({
        id: r.id,
        serial_no: r.serialNo,
        brand: r.brand,
        user_id: r.userId,
        kind: r.kind,
        channel_code: r.channelCode,
        network: r.network,
        coin: r.coin,
        rate: r.rate,
        amount_claimed: r.amountClaimed,
        amount_credited: r.amountCredited,
        tx_hash: r.txHash,
        proof_url: r.proofUrl,
        bank_name: r.bankName,
        card_last4: r.cardLast4,
        status: r.status,
        remark: r.remark,
        reviewed_by: r.reviewedBy,
        reviewed_at: r.reviewedAt,
        transfer_id: r.transferId,
        balance_after: r.balanceAfter,
        created_at: r.createdAt,
      })
      .execute();
  }

  async findRecharge(db: Executor, id: string): Promise<RechargeRow | undefined> {
    const row = (await selectRecharge(db, { id })).rows[0];
    return row ? toRecharge(row) : undefined;
  }

  async findRechargeByTx(
    db: Executor,
    network: string | null,
    txHash: string,
  ): Promise<RechargeRow | undefined> {
    let q = db.selectFrom('recharge_requests').selectAll().where('tx_hash', '=', txHash);
    q = network === null ? q.where('network', 'is', null) : q.where('network', '=', network);
    const row = await q.executeTakeFirst();
    return row ? toRecharge(row as unknown as Row) : undefined;
  }

  async countProcessingRecharges(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('recharge_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .executeTakeFirstOrThrow();
    return toNumber(row.n as bigint);
  }

  /** Marks a processing recharge reviewed; false when someone reviewed it first. */
  async resolveRecharge(db: Executor, id: string, change: RechargeReview): Promise<boolean> {
    return affected(await resolveProcessingRecharge(db, { ...change, id })) === 1n;
  }

  async listRecharges(
    db: Executor,
    filter: RecordFilter & { kinds?: readonly RechargeKind[] },
    limit: number,
    offset: number,
  ): Promise<Listing<RechargeRow>> {
    let q = db.selectFrom('recharge_requests');
    if (filter.kinds) q = q.where('kind', 'in', filter.kinds);
    if (filter.userId) q = q.where('user_id', '=', filter.userId);
    if (filter.brand) q = q.where('brand', '=', filter.brand);
    if (filter.status) q = q.where('status', '=', filter.status);
    const keyword = filter.keyword;
    if (keyword) {
      q = q.where((eb) =>
        eb.or([
          eb('serial_no', '=', keyword),
          eb('tx_hash', '=', keyword),
          eb('user_id', '=', keyword),
          ...namedUsers(eb, filter),
        ]),
      );
    }
    const order = filter.order ?? 'desc';
    const column = filter.sort === 'amount' ? 'amount_claimed' : 'created_at';
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy(column, order).orderBy('id', order).limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toRecharge(r as unknown as Row)), total: toNumber(count.n as bigint) };
  }

  // --- withdrawal address and form tokens ----------------------------------------------------------

  async findAddress(db: Executor, userId: string): Promise<{ network: string; address: string } | undefined> {
    return db
      .selectFrom('withdraw_addresses')
      .select(['network', 'address'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The user's bound address, locked for the rest of the transaction on PostgreSQL so one user's
   * withdrawals are decided one after another (counts and limits stay exact); SQLite has one writer.
   */
  async lockAddress(db: Executor, userId: string): Promise<{ network: string; address: string } | undefined> {
    const q = db
      .selectFrom('withdraw_addresses')
      .select(['network', 'address'])
      .where('user_id', '=', userId);
    return (this.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  }

  /** Binds the one address; false when the user already has one. */
  async bindAddress(
    db: Executor,
    row: { userId: string; brand: string; network: string; address: string; now: number },
  ) {
    const result = await db
      .insertInto('withdraw_addresses')
      .values({
        user_id: row.userId,
        brand: row.brand,
        network: row.network,
        address: row.address,
        created_at: row.now,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return BigInt(result.numInsertedOrUpdatedRows ?? 0n) === 1n;
  }

  async insertFormToken(db: Executor, tokenHash: string, userId: string, now: number, expiresAt: number) {
    await db
      .insertInto('withdraw_form_tokens')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt })
      .execute();
  }

  async findFormToken(db: Executor, tokenHash: string) {
    const row = await db
      .selectFrom('withdraw_form_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row ? { userId: row.user_id, expiresAt: toNumber(row.expires_at) } : undefined;
  }

  async deleteExpiredFormTokens(db: Executor, now: number): Promise<void> {
    await db.deleteFrom('withdraw_form_tokens').where('expires_at', '<', BigInt(now)).execute();
  }

  // --- withdrawals ---------------------------------------------------------------------------------

  /** Inserts the withdrawal unless its form token was used; false means it was. */
  async insertWithdrawal(db: Executor, w: WithdrawalRow): Promise<boolean> {
    const result = await db
      .insertInto('withdrawals')
      .values({
        id: w.id,
        serial_no: w.serialNo,
        brand: w.brand,
        user_id: w.userId,
        form_token_hash: w.formTokenHash,
        channel_code: w.channelCode,
        network: w.network,
        address: w.address,
        amount: w.amount,
        fee: w.fee,
        actual_amount: w.actualAmount,
        status: w.status,
        hold_id: w.holdId,
        fee_hold_id: w.feeHoldId,
        tx_hash: w.txHash,
        remark: w.remark,
        reviewed_by: w.reviewedBy,
        reviewed_at: w.reviewedAt,
        balance_after: w.balanceAfter,
        day: w.day,
        created_at: w.createdAt,
      })
      .onConflict((oc) => oc.column('form_token_hash').doNothing())
      .executeTakeFirst();
    return BigInt(result.numInsertedOrUpdatedRows ?? 0n) === 1n;
  }

  async findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
    const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toWithdrawal(row as unknown as Row) : undefined;
  }

  async findWithdrawalByToken(db: Executor, tokenHash: string): Promise<WithdrawalRow | undefined> {
    const row = await db
      .selectFrom('withdrawals')
      .selectAll()
      .where('form_token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row ? toWithdrawal(row as unknown as Row) : undefined;
  }

  async setWithdrawalBalanceAfter(db: Executor, id: string, balanceAfter: bigint): Promise<void> {
    await db.updateTable('withdrawals').set({ balance_after: balanceAfter }).where('id', '=', id).execute();
  }

  async withdrawalCounts(
    db: Executor,
    userId: string,
    day: string,
  ): Promise<{ today: number; processing: number }> {
    const row = await db
      .selectFrom('withdrawals')
      .select([
        sql<number>`sum(case when day = ${day} and status <> 'fail' then 1 else 0 end)`.as('today'),
        sql<number>`sum(case when status = 'processing' then 1 else 0 end)`.as('processing'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { today: toNumber(row.today ?? 0), processing: toNumber(row.processing ?? 0) };
  }

  async resolveWithdrawal(
    db: Executor,
    id: string,
    change: {
      status: 'success' | 'fail';
      txHash: string | null;
      remark: string | null;
      reviewedBy: string;
      reviewedAt: number;
    },
  ): Promise<boolean> {
    const result = await db
      .updateTable('withdrawals')
      .set({
        status: change.status,
        tx_hash: change.txHash,
        remark: change.remark,
        reviewed_by: change.reviewedBy,
        reviewed_at: change.reviewedAt,
      })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return BigInt(result.numUpdatedRows) === 1n;
  }

  async listWithdrawals(
    db: Executor,
    filter: RecordFilter,
    limit: number,
    offset: number,
  ): Promise<Listing<WithdrawalRow>> {
    let q = db.selectFrom('withdrawals');
    if (filter.userId) q = q.where('user_id', '=', filter.userId);
    if (filter.brand) q = q.where('brand', '=', filter.brand);
    if (filter.status) q = q.where('status', '=', filter.status);
    const keyword = filter.keyword;
    if (keyword) {
      q = q.where((eb) =>
        eb.or([
          eb('serial_no', '=', keyword),
          eb('tx_hash', '=', keyword),
          eb('address', '=', keyword),
          eb('user_id', '=', keyword),
          ...namedUsers(eb, filter),
        ]),
      );
    }
    const order = filter.order ?? 'desc';
    const column = filter.sort === 'amount' ? 'amount' : 'created_at';
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy(column, order).orderBy('id', order).limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toWithdrawal(r as unknown as Row)), total: toNumber(count.n as bigint) };
  }
}
