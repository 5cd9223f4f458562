/** SQL of the loans module only. Every method takes an Executor: the database or an open transaction. */
import type { AdminLoanSort, LoanIdType, LoanRepaymentMethod, LoanStatus } from '@mall/contract';
import { type Selectable, type SqlBool, sql } from 'kysely';
import { toNumber } from '../../core/db/columns.ts';
import type { DialectName, Executor } from '../../core/db/database.ts';
import type { LoanEventsTable, LoanInstalmentsTable, LoansTable } from './loans.table.ts';

export interface LoanRow {
  id: string;
  serialNo: string;
  brand: string;
  userId: string;
  status: LoanStatus;
  currency: string;
  amount: bigint;
  termDays: number;
  method: LoanRepaymentMethod;
  cycleDays: number;
  annualRateBp: number;
  overdueRateBp: number;
  payoutMethod: 'wallet';
  realName: string;
  nationality: string;
  idType: LoanIdType;
  idNumber: string;
  idPhoto: string;
  totalInterest: bigint;
  refuseReason: string | null;
  reviewedBy: string | null;
  reviewedAt: number | null;
  disbursedAt: number | null;
  maturityAt: number | null;
  repaidAt: number | null;
  paidPrincipal: bigint;
  paidInterest: bigint;
  paidOverdue: bigint;
  createdAt: number;
}

export interface InstalmentRow {
  loanId: string;
  seq: number;
  dueAt: number;
  periodDays: number;
  openingPrincipal: bigint;
  principal: bigint;
  interest: bigint;
  status: 'pending' | 'overdue' | 'paid';
  overdueAt: number | null;
  paidPrincipal: bigint;
  paidInterest: bigint;
  paidOverdue: bigint;
  paidAt: number | null;
}

export interface EventRow {
  id: string;
  type: string;
  fromStatus: string | null;
  toStatus: LoanStatus;
  amount: bigint | null;
  seq: number | null;
  remark: string | null;
  actorId: string | null;
  createdAt: number;
}

export interface NewEvent {
  id: string;
  loanId: string;
  type: string;
  fromStatus: LoanStatus | null;
  toStatus: LoanStatus;
  amount?: bigint | null;
  seq?: number | null;
  remark?: string | null;
  actorId?: string | null;
  createdAt: number;
}

const OPEN: readonly LoanStatus[] = ['applying', 'success', 'overdue'];
const big = (v: bigint | number | null | undefined): bigint =>
  v === null || v === undefined ? 0n : BigInt(v);
const when = (v: bigint | number | null): number | null => (v === null ? null : Number(v));

function toLoan(r: Selectable<LoansTable>): LoanRow {
  return {
    id: r.id,
    serialNo: r.serial_no,
    brand: r.brand,
    userId: r.user_id,
    status: r.status as LoanStatus,
    currency: r.currency,
    amount: big(r.amount),
    termDays: toNumber(r.term_days),
    method: r.method as LoanRepaymentMethod,
    cycleDays: toNumber(r.cycle_days),
    annualRateBp: toNumber(r.annual_rate_bp),
    overdueRateBp: toNumber(r.overdue_rate_bp),
    payoutMethod: 'wallet',
    realName: r.real_name,
    nationality: r.nationality,
    idType: r.id_type as LoanIdType,
    idNumber: r.id_number,
    idPhoto: r.id_photo,
    totalInterest: big(r.total_interest),
    refuseReason: r.refuse_reason,
    reviewedBy: r.reviewed_by,
    reviewedAt: when(r.reviewed_at),
    disbursedAt: when(r.disbursed_at),
    maturityAt: when(r.maturity_at),
    repaidAt: when(r.repaid_at),
    paidPrincipal: big(r.paid_principal),
    paidInterest: big(r.paid_interest),
    paidOverdue: big(r.paid_overdue),
    createdAt: Number(r.created_at),
  };
}

function toInstalment(r: Selectable<LoanInstalmentsTable>): InstalmentRow {
  return {
    loanId: r.loan_id,
    seq: toNumber(r.seq),
    dueAt: Number(r.due_at),
    periodDays: toNumber(r.period_days),
    openingPrincipal: big(r.opening_principal),
    principal: big(r.principal),
    interest: big(r.interest),
    status: r.status as InstalmentRow['status'],
    overdueAt: when(r.overdue_at),
    paidPrincipal: big(r.paid_principal),
    paidInterest: big(r.paid_interest),
    paidOverdue: big(r.paid_overdue),
    paidAt: when(r.paid_at),
  };
}

function toEvent(r: Selectable<LoanEventsTable>): EventRow {
  return {
    id: r.id,
    type: r.type,
    fromStatus: r.from_status,
    toStatus: r.to_status as LoanStatus,
    amount: r.amount === null ? null : big(r.amount),
    seq: r.seq === null ? null : toNumber(r.seq),
    remark: r.remark,
    actorId: r.actor_id,
    createdAt: Number(r.created_at),
  };
}

export interface AdminLoanFilter {
  brand: string;
  status?: LoanStatus | undefined;
  userId?: string | undefined;
  serialNo?: string | undefined;
  /** Serial number, user name or ID number exactly, or part of the applicant's real name. */
  keyword?: string | undefined;
  /** The users named `keyword`, looked up in accounts (which owns user names) by the caller. */
  keywordUserIds?: readonly string[] | undefined;
  sort?: AdminLoanSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** The instant the overdue sorts measure from. */
  now?: number | undefined;
}

/** Sortable columns; ties broken by id so pages never repeat or skip a row. */
const ADMIN_SORT_COLUMNS = { applyTime: 'loans.created_at', amount: 'loans.amount' } as const;

type OverdueSort = 'daysOverdue' | 'dueNow' | 'overdueInterest';
const isOverdueSort = (sort: AdminLoanSort): sort is OverdueSort => !(sort in ADMIN_SORT_COLUMNS);

/**
 * The overdue list's orders (issue 30), from the unpaid instalments already due: days overdue by
 * the earliest due time (more days first means earlier first), the amount due now by what they
 * still owe, the overdue interest by owed × time late × the loan's overdue rate (the interest's
 * own proportion, before its rounding to started days). Computed in floating point: only the
 * order is taken from it, never an amount.
 */
function overdueOrder(sort: OverdueSort, now: number, direction: 'asc' | 'desc') {
  const owed = sql`cast(i.principal + i.interest - i.paid_principal - i.paid_interest as double precision)`;
  const due = sql`from loan_instalments i where i.loan_id = loans.id and i.status <> 'paid' and i.due_at <= ${now}`;
  if (sort === 'daysOverdue') {
    return {
      expression: sql`coalesce((select min(i.due_at) ${due}), ${now})`,
      direction: direction === 'desc' ? ('asc' as const) : ('desc' as const),
    };
  }
  if (sort === 'dueNow') return { expression: sql`coalesce((select sum(${owed}) ${due}), 0)`, direction };
  return {
    expression: sql`coalesce((select sum(${owed} * (${now} - i.due_at)) ${due}), 0) * loans.overdue_rate_bp`,
    direction,
  };
}

export class LoansRepository {
  constructor(private readonly dialect: DialectName) {}

  async insertLoan(db: Executor, row: LoanRow): Promise<void> {
    await db
      .insertInto('loans')
      .values({
        id: row.id,
        serial_no: row.serialNo,
        brand: row.brand,
        user_id: row.userId,
        status: row.status,
        open_slot: 1,
        currency: row.currency,
        amount: row.amount,
        term_days: row.termDays,
        method: row.method,
        cycle_days: row.cycleDays,
        annual_rate_bp: row.annualRateBp,
        overdue_rate_bp: row.overdueRateBp,
        payout_method: row.payoutMethod,
        real_name: row.realName,
        nationality: row.nationality,
        id_type: row.idType,
        id_number: row.idNumber,
        id_photo: row.idPhoto,
        total_interest: row.totalInterest,
        refuse_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        disbursed_at: null,
        maturity_at: null,
        repaid_at: null,
        paid_principal: 0n,
        paid_interest: 0n,
        paid_overdue: 0n,
        created_at: row.createdAt,
        updated_at: row.createdAt,
      })
      .execute();
  }

  async findLoan(db: Executor, id: string): Promise<LoanRow | undefined> {
    const row = await db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toLoan(row) : undefined;
  }

  /**
   * The loan, locked for the rest of the transaction on PostgreSQL (SQLite's BEGIN IMMEDIATE already
   * holds the one write lock), so two decisions or two repayments of one loan run one after another.
   */
  async lockLoan(tx: Executor, id: string): Promise<LoanRow | undefined> {
    let q = tx.selectFrom('loans').selectAll().where('id', '=', id);
    if (this.dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row ? toLoan(row) : undefined;
  }

  async findOpenLoan(db: Executor, userId: string): Promise<LoanRow | undefined> {
    const row = await db
      .selectFrom('loans')
      .selectAll()
      .where('user_id', '=', userId)
      .where('open_slot', '=', 1)
      .executeTakeFirst();
    return row ? toLoan(row) : undefined;
  }

  async latestLoan(db: Executor, userId: string): Promise<LoanRow | undefined> {
    const row = await db
      .selectFrom('loans')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? toLoan(row) : undefined;
  }

  async listByUser(
    db: Executor,
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: LoanRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('loans')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { rows: rows.map(toLoan), total: toNumber(count?.n as bigint | number | undefined) };
  }

  async adminList(
    db: Executor,
    filter: AdminLoanFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: LoanRow[]; total: number }> {
    let base = db.selectFrom('loans').where('loans.brand', '=', filter.brand);
    if (filter.status) base = base.where('loans.status', '=', filter.status);
    if (filter.userId) base = base.where('loans.user_id', '=', filter.userId);
    if (filter.serialNo) base = base.where('loans.serial_no', '=', filter.serialNo);
    let matching = base;
    if (filter.keyword) {
      const keyword = filter.keyword;
      const named = filter.keywordUserIds ?? [];
      // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
      const like = `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      matching = base.where((eb) =>
        eb.or([
          eb('loans.serial_no', '=', keyword),
          eb('loans.id_number', '=', keyword),
          ...(named.length > 0 ? [eb('loans.user_id', 'in', named)] : []),
          sql<SqlBool>`lower(loans.real_name) like ${like} escape '\\'`,
        ]),
      );
    }
    const sort = filter.sort ?? 'applyTime';
    const direction = filter.order ?? 'desc';
    const ordered = isOverdueSort(sort)
      ? overdueOrder(sort, filter.now ?? Date.now(), direction)
      : { expression: sql.ref(ADMIN_SORT_COLUMNS[sort]), direction };
    const [rows, count] = await Promise.all([
      matching
        .selectAll('loans')
        .orderBy(ordered.expression, ordered.direction)
        .orderBy('loans.id', direction)
        .limit(limit)
        .offset(offset)
        .execute(),
      matching.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map(toLoan),
      total: toNumber(count?.n as bigint | number | undefined),
    };
  }

  /** applying → success or failed, only from applying: false when someone decided first. */
  async decide(
    tx: Executor,
    id: string,
    change: {
      status: 'success' | 'failed';
      reviewedBy: string;
      now: number;
      refuseReason?: string | null;
      disbursedAt?: number | null;
      maturityAt?: number | null;
    },
  ): Promise<boolean> {
    const result = await tx
      .updateTable('loans')
      .set({
        status: change.status,
        open_slot: change.status === 'failed' ? null : 1,
        reviewed_by: change.reviewedBy,
        reviewed_at: change.now,
        refuse_reason: change.refuseReason ?? null,
        disbursed_at: change.disbursedAt ?? null,
        maturity_at: change.maturityAt ?? null,
        updated_at: change.now,
      })
      .where('id', '=', id)
      .where('status', '=', 'applying')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertInstalments(tx: Executor, rows: InstalmentRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx
      .insertInto('loan_instalments')
      .values(
        rows.map((r) => ({
          loan_id: r.loanId,
          seq: r.seq,
          due_at: r.dueAt,
          period_days: r.periodDays,
          opening_principal: r.openingPrincipal,
          principal: r.principal,
          interest: r.interest,
          status: r.status,
          overdue_at: null,
          paid_principal: 0n,
          paid_interest: 0n,
          paid_overdue: 0n,
          paid_at: null,
          repayment_id: null,
        })),
      )
      .execute();
  }

  async instalments(db: Executor, loanId: string): Promise<InstalmentRow[]> {
    const rows = await db
      .selectFrom('loan_instalments')
      .selectAll()
      .where('loan_id', '=', loanId)
      .orderBy('seq')
      .execute();
    return rows.map(toInstalment);
  }

  /** pending → overdue once its due time has passed (strictly): true only for the one call that changed it. */
  async markInstalmentOverdue(tx: Executor, loanId: string, seq: number, now: number): Promise<boolean> {
    const result = await tx
      .updateTable('loan_instalments')
      .set({ status: 'overdue', overdue_at: now })
      .where('loan_id', '=', loanId)
      .where('seq', '=', seq)
      .where('status', '=', 'pending')
      .where('due_at', '<', BigInt(now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks an unpaid instalment paid with what was paid for it; false if it was paid already. */
  async payInstalment(
    tx: Executor,
    loanId: string,
    seq: number,
    paid: { principal: bigint; interest: bigint; overdue: bigint; repaymentId: string; now: number },
  ): Promise<boolean> {
    const result = await tx
      .updateTable('loan_instalments')
      .set({
        status: 'paid',
        paid_principal: paid.principal,
        paid_interest: paid.interest,
        paid_overdue: paid.overdue,
        paid_at: paid.now,
        repayment_id: paid.repaymentId,
      })
      .where('loan_id', '=', loanId)
      .where('seq', '=', seq)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Moves the status from one of `from` to `to`; false when it was elsewhere. */
  async setStatus(
    tx: Executor,
    id: string,
    from: readonly LoanStatus[],
    to: LoanStatus,
    now: number,
  ): Promise<boolean> {
    const result = await tx
      .updateTable('loans')
      .set({
        status: to,
        open_slot: OPEN.includes(to) ? 1 : null,
        ...(to === 'repaid' ? { repaid_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addPaid(
    tx: Executor,
    id: string,
    paid: { principal: bigint; interest: bigint; overdue: bigint },
    now: number,
  ): Promise<void> {
    await tx
      .updateTable('loans')
      .set((eb) => ({
        paid_principal: eb('paid_principal', '+', paid.principal),
        paid_interest: eb('paid_interest', '+', paid.interest),
        paid_overdue: eb('paid_overdue', '+', paid.overdue),
        updated_at: now,
      }))
      .where('id', '=', id)
      .execute();
  }

  async insertRepayment(
    tx: Executor,
    row: {
      id: string;
      loanId: string;
      userId: string;
      type: 'instalment' | 'full';
      requestKey: string | null;
      amount: bigint;
      principal: bigint;
      interest: bigint;
      overdue: bigint;
      createdAt: number;
    },
  ): Promise<void> {
    await tx
      .insertInto('loan_repayments')
      .values({
        id: row.id,
        loan_id: row.loanId,
        user_id: row.userId,
        type: row.type,
        request_key: row.requestKey,
        amount: row.amount,
        principal: row.principal,
        interest: row.interest,
        overdue: row.overdue,
        created_at: row.createdAt,
      })
      .execute();
  }

  async findRepaymentByKey(
    db: Executor,
    loanId: string,
    requestKey: string,
  ): Promise<{ id: string; type: string; amount: bigint } | undefined> {
    const row = await db
      .selectFrom('loan_repayments')
      .select(['id', 'type', 'amount'])
      .where('loan_id', '=', loanId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return row ? { id: row.id, type: row.type, amount: big(row.amount) } : undefined;
  }

  async insertEvent(tx: Executor, e: NewEvent): Promise<void> {
    await tx
      .insertInto('loan_events')
      .values({
        id: e.id,
        loan_id: e.loanId,
        type: e.type,
        from_status: e.fromStatus,
        to_status: e.toStatus,
        amount: e.amount ?? null,
        seq: e.seq ?? null,
        remark: e.remark ?? null,
        actor_id: e.actorId ?? null,
        created_at: e.createdAt,
      })
      .execute();
  }

  async events(db: Executor, loanId: string): Promise<EventRow[]> {
    const rows = await db
      .selectFrom('loan_events')
      .selectAll()
      .where('loan_id', '=', loanId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toEvent);
  }
}
