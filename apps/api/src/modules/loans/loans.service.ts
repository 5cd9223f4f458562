/**
 * Start-up loans (issue 7). A verified user applies for one loan at a time; a risk operator approves
 * (the principal is paid into the wallet from the loan book, once) or refuses with a reason; the
 * borrower repays from the wallet, one instalment or everything, with the fund password; a durable
 * job turns a loan overdue when an instalment passes its due time unpaid. Every state change and
 * every payment is a history entry; every movement of money is a ledger transfer. The arithmetic
 * and its day-count and rounding rules are in loan-schedule.ts.
 */
import {
  type AdminLoanDto,
  formatMoney,
  LOAN_RULES,
  LOAN_STATUS_CODES,
  type LoanConfigDto,
  type LoanDetailDto,
  type LoanDto,
  type LoanEventDto,
  type LoanIdType,
  type LoanInstalmentDto,
  type LoanMineDto,
  type LoanProductDto,
  type LoanQuoteDto,
  type LoanRepaymentMethod,
  type LoanRepayQuoteDto,
  type LoanScheduleDto,
  type LoanStatus,
  PARAM_DEFAULTS,
  type Page,
  parseMoney,
  toWireTime,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuditService } from '../audit/index.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import type { ParamsService } from '../params/index.ts';
import { assertEligible } from './loan-eligibility.ts';
import {
  DAY_MS,
  daysStarted,
  interestFor,
  interestSoFar,
  overdueInterest,
  type PlannedInstalment,
  planSchedule,
} from './loan-schedule.ts';
import type {
  AdminLoanFilter,
  EventRow,
  InstalmentRow,
  LoanRow,
  LoansRepository,
} from './loans.repository.ts';

export const LOAN_OVERDUE_JOB = 'loan.overdue';

/** What loans need from accounts (fund password, locks, real-name verification). */
export type LoanAccounts = Pick<
  AccountsService,
  'verifyFundPassword' | 'assertCanTransact' | 'assertVerified' | 'userRow'
>;

/** Checks that an uploaded image belongs to the user and answers its URL (IMAGE_NOT_FOUND otherwise). */
export type OwnImage = (brand: string, userId: string, idOrUrl: string) => Promise<string>;

export interface ApplyInput {
  realName: string;
  nationality: string;
  idType: LoanIdType;
  idNumber: string;
  idPhoto?: string | undefined;
  amount: string | number;
  termDays: number;
  method: LoanRepaymentMethod;
  agree?: boolean | undefined;
}

export interface QuoteInput {
  amount: string | number;
  termDays: number;
  method: LoanRepaymentMethod;
}

export interface RepayInput {
  id: string;
  type: 'instalment' | 'full';
  amount: string | number;
  fundPassword: string;
  requestKey?: string | undefined;
}

/** One instalment's share of a repayment. */
interface Part {
  seq: number;
  principal: bigint;
  interest: bigint;
  overdue: bigint;
}

interface RepayPlan {
  type: 'instalment' | 'full';
  seq: number | null;
  parts: Part[];
  principal: bigint;
  interest: bigint;
  overdue: bigint;
  amount: bigint;
}

const RUNNING: readonly LoanStatus[] = ['success', 'overdue'];
// Letters of any script, spaces, dots, apostrophes and hyphens (as the identity check accepts).
const REAL_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;
const ID_NUMBER = /^[A-Za-z0-9]{4,32}$/;

const normalName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const maskId = (id: string) => (id.length <= 4 ? '****' : `${id.slice(0, 2)}****${id.slice(-2)}`);

/** A whole number param within bounds, else its default. */
function intParam(text: string, fallback: string, min: number, max: number): number {
  const value = Number(text);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  return Number(fallback);
}

function moneyParam(text: string, fallback: string): bigint {
  const parsed = parseMoney(text);
  if (parsed.ok && parsed.units > 0n) return parsed.units;
  const other = parseMoney(fallback);
  return other.ok ? other.units : 0n;
}

/** The product as the operator configured it (params `loan_*`), with nonsense replaced by defaults. */
export function productOf(values: Readonly<Record<string, string>>): LoanProductDto {
  const v = (code: keyof typeof PARAM_DEFAULTS) => values[code] ?? PARAM_DEFAULTS[code];
  let min = moneyParam(v('loan_amount_min'), PARAM_DEFAULTS.loan_amount_min);
  let max = moneyParam(v('loan_amount_max'), PARAM_DEFAULTS.loan_amount_max);
  if (min > max) {
    min = moneyParam(PARAM_DEFAULTS.loan_amount_min, '0');
    max = moneyParam(PARAM_DEFAULTS.loan_amount_max, '0');
  }
  const parseTerms = (text: string) =>
    [...new Set(text.split(',').map((s) => Number(s.trim())))]
      .filter((d) => Number.isInteger(d) && d >= 1 && d <= LOAN_RULES.maxTermDays)
      .sort((a, b) => a - b);
  let terms = parseTerms(v('loan_terms_days'));
  if (terms.length === 0) terms = parseTerms(PARAM_DEFAULTS.loan_terms_days);
  const methodList = (text: string) =>
    (['maturity', 'instalments'] as const).filter((m) => text.split(',').some((s) => s.trim() === m));
  let methods = methodList(v('loan_repayment_methods'));
  if (methods.length === 0) methods = methodList(PARAM_DEFAULTS.loan_repayment_methods);
  return {
    currency: 'USDT',
    amountMin: formatMoney(min),
    amountMax: formatMoney(max),
    amountDecimals: LOAN_RULES.amountDecimals,
    termsDays: terms,
    maxTermDays: terms.at(-1) ?? LOAN_RULES.maxTermDays,
    annualRateBp: intParam(v('loan_annual_rate_bp'), PARAM_DEFAULTS.loan_annual_rate_bp, 0, 100_000),
    overdueAnnualRateBp: intParam(
      v('loan_overdue_annual_rate_bp'),
      PARAM_DEFAULTS.loan_overdue_annual_rate_bp,
      0,
      100_000,
    ),
    methods,
    cycleDays: intParam(v('loan_cycle_days'), PARAM_DEFAULTS.loan_cycle_days, 1, LOAN_RULES.maxTermDays),
    payoutMethod: 'wallet',
    dayCount: 'actual/365',
  };
}

function serialNumber(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
  const random = Math.floor(Math.random() * 1_000_000)
    .toString()
    .padStart(6, '0');
  return `L${stamp}${random}`;
}

const money = formatMoney;

export class LoansService {
  constructor(
    private readonly db: Executor,
    private readonly repo: LoansRepository,
    private readonly ledger: LedgerService,
    private readonly accounts: LoanAccounts,
    private readonly ownImage: OwnImage,
    private readonly params: ParamsService,
    private readonly audit: AuditService,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
  ) {}

  /** Registers the overdue job's handler (once, at start). */
  registerJobs(): void {
    this.jobs.register(LOAN_OVERDUE_JOB, async (payload) => {
      const p = payload as { loanId?: unknown; seq?: unknown } | null;
      if (typeof p?.loanId === 'string' && typeof p.seq === 'number') await this.markOverdue(p.loanId, p.seq);
    });
  }

  // ---- product and calculator ------------------------------------------------------------------

  async product(ctx: RequestContext): Promise<LoanProductDto> {
    return productOf(await this.params.all(ctx.brand));
  }

  async config(ctx: RequestContext): Promise<LoanConfigDto> {
    const values = await this.params.all(ctx.brand);
    const product = productOf(values);
    return {
      product,
      claims: {
        amountMin: product.amountMin,
        amountMax: product.amountMax,
        maxTermDays: product.maxTermDays,
        reviewHours: intParam(values.loan_review_hours, PARAM_DEFAULTS.loan_review_hours, 0, 720),
        payoutDays: intParam(values.loan_payout_days, PARAM_DEFAULTS.loan_payout_days, 0, 30),
      },
    };
  }

  /** The amount, term and method checked against the product: the same verdicts as `apply`. */
  private checkTerms(product: LoanProductDto, input: QuoteInput): bigint {
    if (!product.methods.includes(input.method)) throw new AppError('PARAMETER_ERROR', { field: 'method' });
    if (input.termDays > LOAN_RULES.maxTermDays || !product.termsDays.includes(input.termDays)) {
      throw new AppError('LOAN_TERM_INVALID', { termsDays: product.termsDays });
    }
    const parsed = parseMoney(input.amount, product.amountDecimals);
    const limits = { min: product.amountMin, max: product.amountMax };
    if (!parsed.ok) {
      if (parsed.reason === 'too_large') throw new AppError('LOAN_ABOVE_MAX', limits);
      throw new AppError('AMOUNT_FORMAT', { decimals: product.amountDecimals });
    }
    if (parsed.units <= 0n) throw new AppError('AMOUNT_FORMAT', { decimals: product.amountDecimals });
    if (parsed.units < moneyParam(product.amountMin, '0')) throw new AppError('LOAN_BELOW_MIN', limits);
    if (parsed.units > moneyParam(product.amountMax, '0')) throw new AppError('LOAN_ABOVE_MAX', limits);
    return parsed.units;
  }

  /** The estimated schedule and total cost, before anyone applies (due times as if paid out now). */
  async calculate(ctx: RequestContext, input: QuoteInput): Promise<LoanQuoteDto> {
    const product = await this.product(ctx);
    const amount = this.checkTerms(product, input);
    const terms = {
      amount,
      termDays: input.termDays,
      method: input.method,
      cycleDays: product.cycleDays,
      annualRateBp: product.annualRateBp,
    };
    const plan = planSchedule(terms);
    const totalInterest = plan.reduce((s, p) => s + p.interest, 0n);
    return {
      amount: money(amount),
      termDays: input.termDays,
      method: input.method,
      annualRateBp: product.annualRateBp,
      overdueAnnualRateBp: product.overdueAnnualRateBp,
      cycleDays: product.cycleDays,
      instalments: this.estimatedInstalments(plan, this.clock.now()),
      totalInterest: money(totalInterest),
      totalRepayment: money(amount + totalInterest),
    };
  }

  // ---- the borrower ----------------------------------------------------------------------------

  async apply(ctx: RequestContext, input: ApplyInput): Promise<LoanDetailDto> {
    const { userId } = actorOf(ctx);
    if (input.agree !== true) throw new AppError('LOAN_AGREEMENT_REQUIRED');
    const photo = input.idPhoto?.trim() ?? '';
    if (!photo) throw new AppError('LOAN_ID_PHOTO_REQUIRED');
    const product = await this.product(ctx);
    const amount = this.checkTerms(product, input);
    const realName = input.realName.normalize('NFC').trim().replace(/\s+/g, ' ');
    if (realName.length < 2 || realName.length > 64 || !REAL_NAME.test(realName)) {
      throw new AppError('REAL_NAME_FORMAT');
    }
    const idNumber = input.idNumber.trim();
    if (!ID_NUMBER.test(idNumber)) throw new AppError('ID_NUMBER_FORMAT');
    const nationality = input.nationality.trim();

    await this.accounts.assertCanTransact(this.db, userId);
    try {
      await this.accounts.assertVerified(this.db, userId, 'realname');
    } catch (error) {
      if (error instanceof AppError && error.key === 'REAL_NAME_REQUIRED') {
        throw new AppError('QUALIFICATION_NOT_MET', { reason: 'realname' });
      }
      throw error;
    }
    const user = await this.accounts.userRow(userId);
    if (!user?.real_name || normalName(user.real_name) !== normalName(realName)) {
      throw new AppError('LOAN_NAME_MISMATCH');
    }
    if (await this.repo.findOpenLoan(this.db, userId)) throw new AppError('LOAN_ALREADY_OPEN');
    await assertEligible(this.db, await this.params.all(ctx.brand), userId, amount, this.clock.now());
    const idPhoto = await this.ownImage(ctx.brand.key, userId, photo);

    const now = this.clock.now();
    const plan = planSchedule({
      amount,
      termDays: input.termDays,
      method: input.method,
      cycleDays: product.cycleDays,
      annualRateBp: product.annualRateBp,
    });
    const row: LoanRow = {
      id: newId(),
      serialNo: serialNumber(now),
      brand: ctx.brand.key,
      userId,
      status: 'applying',
      currency: 'USDT',
      amount,
      termDays: input.termDays,
      method: input.method,
      cycleDays: product.cycleDays,
      annualRateBp: product.annualRateBp,
      overdueRateBp: product.overdueAnnualRateBp,
      payoutMethod: 'wallet',
      realName,
      nationality,
      idType: input.idType,
      idNumber,
      idPhoto,
      totalInterest: plan.reduce((s, p) => s + p.interest, 0n),
      refuseReason: null,
      reviewedBy: null,
      reviewedAt: null,
      disbursedAt: null,
      maturityAt: null,
      repaidAt: null,
      paidPrincipal: 0n,
      paidInterest: 0n,
      paidOverdue: 0n,
      createdAt: now,
    };
    try {
      await inTransaction(this.db, async (tx) => {
        await this.repo.insertLoan(tx, row);
        await this.repo.insertEvent(tx, {
          id: newId(),
          loanId: row.id,
          type: 'applied',
          fromStatus: null,
          toStatus: 'applying',
          amount,
          actorId: userId,
          createdAt: now,
        });
      });
    } catch (error) {
      // Two applications at once: the unique (user, open slot) lets one through.
      if (isUniqueViolation(error)) throw new AppError('LOAN_ALREADY_OPEN');
      throw error;
    }
    return this.detailOf(this.db, row);
  }

  /** The current loan (open, else the latest), and whether the user may apply now. */
  async mine(ctx: RequestContext): Promise<LoanMineDto> {
    const { userId } = actorOf(ctx);
    const [user, open] = await Promise.all([
      this.accounts.userRow(userId),
      this.repo.findOpenLoan(this.db, userId),
    ]);
    const loan = open ?? (await this.repo.latestLoan(this.db, userId));
    const status = (user?.realname_status ?? 'none') as LoanMineDto['realNameStatus'];
    return {
      loan: loan ? await this.detailOf(this.db, loan) : null,
      canApply: !open && status === 'approved',
      realNameStatus: status,
      realName: status === 'approved' ? (user?.real_name ?? null) : null,
    };
  }

  async history(ctx: RequestContext, page: PageRequest): Promise<Page<LoanDto>> {
    const { userId } = actorOf(ctx);
    const { rows, total } = await this.repo.listByUser(this.db, userId, page.pageSize, offsetOf(page));
    const list = await Promise.all(
      rows.map(async (row) => this.loanDto(row, await this.repo.instalments(this.db, row.id), false)),
    );
    return pageOf(list, total, page);
  }

  private async ownLoan(ctx: RequestContext, id: string, db: Executor = this.db): Promise<LoanRow> {
    const { userId } = actorOf(ctx);
    const loan = await this.repo.findLoan(db, id);
    // Another user's loan does not exist, as far as this user can tell.
    if (!loan || loan.userId !== userId) throw new AppError('LOAN_NOT_FOUND');
    return loan;
  }

  async detail(ctx: RequestContext, id: string): Promise<LoanDetailDto> {
    return this.detailOf(this.db, await this.ownLoan(ctx, id));
  }

  async schedule(ctx: RequestContext, id: string): Promise<LoanScheduleDto> {
    const d = await this.detail(ctx, id);
    return {
      loanId: d.id,
      status: d.status,
      estimated: d.disburseTime === null,
      instalments: d.instalments,
      totalInterest: d.totalInterest,
      estimatedRepayment: d.estimatedRepayment,
      nextRepayment: d.nextRepayment,
      payoff: d.payoff,
    };
  }

  /**
   * Repays from the wallet: the earliest unpaid instalment (with its overdue interest) or everything
   * owed now. `amount` is what the borrower saw and agreed to: more than is owed is refused, and a
   * due that changed since (a day of interest ticked over) asks for a fresh look instead of paying
   * something else. The same `requestKey` again answers the first result.
   */
  async repay(ctx: RequestContext, input: RepayInput): Promise<LoanDetailDto> {
    const { userId } = actorOf(ctx);
    const loan = await this.ownLoan(ctx, input.id);
    const parsed = parseMoney(input.amount);
    if (!parsed.ok || parsed.units <= 0n) throw new AppError('AMOUNT_FORMAT');
    const amount = parsed.units;
    if (input.requestKey) {
      const earlier = await this.repo.findRepaymentByKey(this.db, loan.id, input.requestKey);
      if (earlier) return this.replayRepayment(earlier, input.type, amount, loan.id);
    }
    if (!RUNNING.includes(loan.status)) throw new AppError('LOAN_STATUS_INVALID', { status: loan.status });
    const now = this.clock.now();
    const instalments = await this.repo.instalments(this.db, loan.id);
    this.checkRepayAmount(loan, instalments, input.type, amount, now);
    await this.accounts.assertCanTransact(this.db, userId);
    const wallet = ledgerAccounts.wallet(userId);
    if ((await this.ledger.balanceOf(this.db, wallet)).available < amount) {
      throw new AppError('INSUFFICIENT_BALANCE');
    }
    // Before the transaction: a wrong entry must count even though nothing else is written.
    await this.accounts.verifyFundPassword(this.db, userId, input.fundPassword);

    const after = await inTransaction(this.db, async (tx) => {
      const current = await this.repo.lockLoan(tx, loan.id);
      if (!current) throw new AppError('LOAN_NOT_FOUND');
      if (input.requestKey) {
        const earlier = await this.repo.findRepaymentByKey(tx, loan.id, input.requestKey);
        if (earlier) return { replay: earlier };
      }
      if (!RUNNING.includes(current.status))
        throw new AppError('LOAN_STATUS_INVALID', { status: current.status });
      const rows = await this.repo.instalments(tx, loan.id);
      const plan = this.checkRepayAmount(current, rows, input.type, amount, now);
      const repaymentId = newId();
      await this.repo.insertRepayment(tx, {
        id: repaymentId,
        loanId: loan.id,
        userId,
        type: input.type,
        requestKey: input.requestKey ?? null,
        amount,
        principal: plan.principal,
        interest: plan.interest,
        overdue: plan.overdue,
        createdAt: now,
      });
      for (const part of plan.parts) {
        const paid = await this.repo.payInstalment(tx, loan.id, part.seq, { ...part, repaymentId, now });
        if (!paid) throw new AppError('LOAN_REPAY_AMOUNT_CHANGED');
      }
      if (plan.principal > 0n) {
        await this.ledger.transfer(tx, {
          id: `loan:${repaymentId}:principal`,
          debit: wallet,
          credit: ledgerAccounts.loanBook(),
          amount: plan.principal,
          kind: 'loan_repay',
          reference: loan.id,
          memo: current.serialNo,
        });
      }
      const income = plan.interest + plan.overdue;
      if (income > 0n) {
        await this.ledger.transfer(tx, {
          id: `loan:${repaymentId}:interest`,
          debit: wallet,
          credit: ledgerAccounts.platform('interest'),
          amount: income,
          kind: 'loan_interest',
          reference: loan.id,
          memo: current.serialNo,
        });
      }
      await this.repo.addPaid(tx, loan.id, plan, now);
      const paidSeqs = new Set(plan.parts.map((p) => p.seq));
      const left = rows.filter((r) => r.status !== 'paid' && !paidSeqs.has(r.seq));
      let status: LoanStatus = current.status;
      if (left.length === 0) {
        status = 'repaid';
      } else if (current.status === 'overdue' && !left.some((r) => r.status === 'overdue' || r.dueAt < now)) {
        status = 'success';
      }
      if (status !== current.status) await this.repo.setStatus(tx, loan.id, [current.status], status, now);
      await this.repo.insertEvent(tx, {
        id: newId(),
        loanId: loan.id,
        type: 'repayment',
        fromStatus: current.status,
        toStatus: status,
        amount,
        seq: plan.seq,
        actorId: userId,
        createdAt: now,
      });
      if (status === 'repaid') {
        await this.repo.insertEvent(tx, {
          id: newId(),
          loanId: loan.id,
          type: 'repaid',
          fromStatus: current.status,
          toStatus: 'repaid',
          amount: current.paidPrincipal + current.paidInterest + current.paidOverdue + amount,
          actorId: userId,
          createdAt: now,
        });
      }
      return { replay: undefined };
    }).catch((error: unknown) => {
      // The same key raced in from a second request: answer what the first one did.
      if (isUniqueViolation(error) && input.requestKey) return { replay: 'raced' as const };
      throw error;
    });
    const replay = after.replay;
    if (replay === 'raced') {
      const earlier = await this.repo.findRepaymentByKey(this.db, loan.id, input.requestKey ?? '');
      if (earlier) return this.replayRepayment(earlier, input.type, amount, loan.id);
    } else if (replay) {
      return this.replayRepayment(replay, input.type, amount, loan.id);
    }
    return this.detailOf(this.db, (await this.repo.findLoan(this.db, loan.id)) ?? loan);
  }

  private async replayRepayment(
    earlier: { type: string; amount: bigint },
    type: string,
    amount: bigint,
    loanId: string,
  ): Promise<LoanDetailDto> {
    if (earlier.type !== type || earlier.amount !== amount) throw new AppError('IDEMPOTENCY_MISMATCH');
    const loan = await this.repo.findLoan(this.db, loanId);
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    return this.detailOf(this.db, loan);
  }

  private checkRepayAmount(
    loan: LoanRow,
    rows: InstalmentRow[],
    type: 'instalment' | 'full',
    amount: bigint,
    now: number,
  ): RepayPlan {
    const payoff = this.repayPlan(loan, rows, 'full', now);
    if (!payoff) throw new AppError('LOAN_STATUS_INVALID', { status: loan.status });
    if (amount > payoff.amount) throw new AppError('LOAN_REPAY_EXCEEDS_OWED', { owed: money(payoff.amount) });
    const plan = type === 'full' ? payoff : this.repayPlan(loan, rows, 'instalment', now);
    if (!plan || plan.amount !== amount) {
      throw new AppError('LOAN_REPAY_AMOUNT_CHANGED', { due: plan ? money(plan.amount) : null });
    }
    return plan;
  }

  /**
   * What a repayment takes now. An instalment: the earliest unpaid one as scheduled, plus its
   * overdue interest. In full: every instalment already due as scheduled with its overdue interest;
   * the running one's principal with interest for the days started so far; later ones' principal.
   */
  private repayPlan(
    loan: LoanRow,
    rows: InstalmentRow[],
    type: 'instalment' | 'full',
    now: number,
  ): RepayPlan | null {
    const unpaid = rows.filter((r) => r.status !== 'paid');
    if (unpaid.length === 0) return null;
    const parts: Part[] = [];
    // The last instalment left is the whole loan: paying it early costs what repaying in full does.
    if (type === 'instalment' && unpaid.length > 1) {
      const first = unpaid[0]!;
      parts.push({
        seq: first.seq,
        principal: first.principal,
        interest: first.interest,
        overdue: overdueInterest(first.principal + first.interest, loan.overdueRateBp, first.dueAt, now),
      });
    } else {
      let running = false;
      for (const r of unpaid) {
        if (r.dueAt <= now) {
          // Due (or late): as scheduled, plus its overdue interest.
          parts.push({
            seq: r.seq,
            principal: r.principal,
            interest: r.interest,
            overdue: overdueInterest(r.principal + r.interest, loan.overdueRateBp, r.dueAt, now),
          });
        } else if (!running) {
          running = true;
          const start = r.dueAt - r.periodDays * DAY_MS;
          parts.push({
            seq: r.seq,
            principal: r.principal,
            interest: interestSoFar(r.openingPrincipal, loan.annualRateBp, start, r.periodDays, now),
            overdue: 0n,
          });
        } else {
          parts.push({ seq: r.seq, principal: r.principal, interest: 0n, overdue: 0n });
        }
      }
    }
    const principal = parts.reduce((s, p) => s + p.principal, 0n);
    const interest = parts.reduce((s, p) => s + p.interest, 0n);
    const overdue = parts.reduce((s, p) => s + p.overdue, 0n);
    return {
      type,
      seq: type === 'instalment' ? (unpaid[0]?.seq ?? null) : null,
      parts,
      principal,
      interest,
      overdue,
      amount: principal + interest + overdue,
    };
  }

  // ---- the risk operator -----------------------------------------------------------------------

  async adminList(
    ctx: RequestContext,
    filter: Omit<AdminLoanFilter, 'brand'>,
    page: PageRequest,
  ): Promise<Page<AdminLoanDto>> {
    const { rows, total } = await this.repo.adminList(
      this.db,
      { ...filter, brand: ctx.brand.key },
      page.pageSize,
      offsetOf(page),
    );
    const list = await Promise.all(rows.map((r) => this.adminDto(this.db, r, r.username)));
    return pageOf(list, total, page);
  }

  async adminInfo(ctx: RequestContext, id: string): Promise<AdminLoanDto> {
    const loan = await this.repo.findLoan(this.db, id);
    if (!loan || loan.brand !== ctx.brand.key) throw new AppError('LOAN_NOT_FOUND');
    const user = await this.accounts.userRow(loan.userId);
    return this.adminDto(this.db, loan, user?.username ?? null);
  }

  /**
   * Approves an application and pays the principal into the borrower's wallet from the loan book,
   * exactly once: the status moves from applying only once (a conditional update under the loan's
   * lock) and the transfer's id is the loan's. The schedule starts now; each instalment gets its
   * overdue job in the same transaction.
   */
  async approve(ctx: RequestContext, id: string, remark: string | null): Promise<AdminLoanDto> {
    const actor = actorOf(ctx);
    await inTransaction(this.db, async (tx) => {
      const loan = await this.reviewable(ctx, tx, id);
      await this.accounts.assertCanTransact(tx, loan.userId);
      const now = this.clock.now();
      const plan = planSchedule(loan);
      const maturityAt = now + loan.termDays * DAY_MS;
      const decided = await this.repo.decide(tx, id, {
        status: 'success',
        reviewedBy: actor.userId,
        now,
        disbursedAt: now,
        maturityAt,
        refuseReason: null,
      });
      if (!decided) throw new AppError('LOAN_ALREADY_REVIEWED');
      const rows: InstalmentRow[] = plan.map((p) => ({
        loanId: id,
        seq: p.seq,
        dueAt: now + p.endDay * DAY_MS,
        periodDays: p.days,
        openingPrincipal: p.openingPrincipal,
        principal: p.principal,
        interest: p.interest,
        status: 'pending',
        overdueAt: null,
        paidPrincipal: 0n,
        paidInterest: 0n,
        paidOverdue: 0n,
        paidAt: null,
      }));
      await this.repo.insertInstalments(tx, rows);
      await this.ledger.transfer(tx, {
        id: `loan:${id}:disburse`,
        debit: ledgerAccounts.loanBook(),
        credit: ledgerAccounts.wallet(loan.userId),
        amount: loan.amount,
        kind: 'loan_disburse',
        reference: id,
        memo: loan.serialNo,
      });
      for (const r of rows) {
        await this.jobs.schedule(tx, {
          type: LOAN_OVERDUE_JOB,
          payload: { loanId: id, seq: r.seq },
          // Overdue once the due time has passed (a payment at the due time itself is on time).
          runAt: r.dueAt + 1,
          dedupeKey: `loan-overdue:${id}:${r.seq}`,
        });
      }
      await this.repo.insertEvent(tx, {
        id: newId(),
        loanId: id,
        type: 'approved',
        fromStatus: 'applying',
        toStatus: 'success',
        amount: loan.amount,
        remark,
        actorId: actor.userId,
        createdAt: now,
      });
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'loan.approve',
        targetType: 'loan',
        targetId: id,
        before: { status: 'applying' },
        after: { status: 'success', amount: money(loan.amount), disbursedTo: 'wallet', remark },
      });
    });
    return this.adminInfo(ctx, id);
  }

  /** Refuses an application with a reason; the user may apply again (SPEC §4). */
  async refuse(ctx: RequestContext, id: string, reason: string): Promise<AdminLoanDto> {
    const actor = actorOf(ctx);
    await inTransaction(this.db, async (tx) => {
      await this.reviewable(ctx, tx, id);
      const now = this.clock.now();
      const decided = await this.repo.decide(tx, id, {
        status: 'failed',
        reviewedBy: actor.userId,
        now,
        refuseReason: reason,
      });
      if (!decided) throw new AppError('LOAN_ALREADY_REVIEWED');
      await this.repo.insertEvent(tx, {
        id: newId(),
        loanId: id,
        type: 'refused',
        fromStatus: 'applying',
        toStatus: 'failed',
        remark: reason,
        actorId: actor.userId,
        createdAt: now,
      });
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actor.userId,
        action: 'loan.refuse',
        targetType: 'loan',
        targetId: id,
        before: { status: 'applying' },
        after: { status: 'failed', reason },
      });
    });
    return this.adminInfo(ctx, id);
  }

  private async reviewable(ctx: RequestContext, tx: Executor, id: string): Promise<LoanRow> {
    const loan = await this.repo.lockLoan(tx, id);
    if (!loan || loan.brand !== ctx.brand.key) throw new AppError('LOAN_NOT_FOUND');
    if (loan.userId === actorOf(ctx).userId) throw new AppError('CANNOT_ACT_ON_SELF');
    if (loan.status !== 'applying') throw new AppError('LOAN_ALREADY_REVIEWED');
    return loan;
  }

  // ---- the overdue job -------------------------------------------------------------------------

  /**
   * Turns an instalment overdue once its due time has passed unpaid, and the loan with it: one
   * conditional update (pending → overdue) decides, so running the job twice, or in two processes,
   * marks it and writes its history entry exactly once. The entry records what was due (principal +
   * interest); overdue interest accrues on it from then on (loan-schedule.ts).
   */
  async markOverdue(loanId: string, seq: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const loan = await this.repo.lockLoan(tx, loanId);
      if (!loan || !RUNNING.includes(loan.status)) return;
      const now = this.clock.now();
      const instalment = (await this.repo.instalments(tx, loanId)).find((r) => r.seq === seq);
      if (instalment?.status !== 'pending') return;
      // Woken early (clocks of two processes differ): fail, so the runner tries again later.
      if (instalment.dueAt >= now) throw new Error(`instalment ${loanId}/${seq} is not due yet`);
      if (!(await this.repo.markInstalmentOverdue(tx, loanId, seq, now))) return;
      if (loan.status === 'success') await this.repo.setStatus(tx, loanId, ['success'], 'overdue', now);
      await this.repo.insertEvent(tx, {
        id: newId(),
        loanId,
        type: 'overdue',
        fromStatus: loan.status,
        toStatus: 'overdue',
        amount: instalment.principal + instalment.interest,
        seq,
        createdAt: now,
      });
    });
  }

  // ---- DTOs ------------------------------------------------------------------------------------

  private estimatedInstalments(plan: PlannedInstalment[], from: number): LoanInstalmentDto[] {
    return plan.map((p) => ({
      seq: p.seq,
      dueTime: toWireTime(from + p.endDay * DAY_MS),
      days: p.days,
      principal: money(p.principal),
      interest: money(p.interest),
      amount: money(p.principal + p.interest),
      remainingPrincipal: money(p.openingPrincipal - p.principal),
      status: 'pending',
      overdueInterest: '0',
      paidAmount: '0',
      paidTime: null,
    }));
  }

  private instalmentDtos(loan: LoanRow, rows: InstalmentRow[], now: number): LoanInstalmentDto[] {
    return rows.map((r) => {
      const late =
        r.status === 'paid'
          ? r.paidOverdue
          : overdueInterest(r.principal + r.interest, loan.overdueRateBp, r.dueAt, now);
      return {
        seq: r.seq,
        dueTime: toWireTime(r.dueAt),
        days: r.periodDays,
        principal: money(r.principal),
        interest: money(r.interest),
        amount: money(r.principal + r.interest),
        remainingPrincipal: money(r.openingPrincipal - r.principal),
        status: r.status,
        overdueInterest: money(late),
        paidAmount: money(r.paidPrincipal + r.paidInterest + r.paidOverdue),
        paidTime: r.paidAt === null ? null : toWireTime(r.paidAt),
      };
    });
  }

  /** Interest earned so far (paid or not): whole periods gone by, and the running one by started days. */
  private accrued(loan: LoanRow, rows: InstalmentRow[], now: number): { interest: bigint; overdue: bigint } {
    let interest = 0n;
    let overdue = 0n;
    for (const r of rows) {
      if (r.status === 'paid') {
        interest += r.paidInterest;
        overdue += r.paidOverdue;
        continue;
      }
      overdue += overdueInterest(r.principal + r.interest, loan.overdueRateBp, r.dueAt, now);
      const start = r.dueAt - r.periodDays * DAY_MS;
      if (r.dueAt <= now) interest += r.interest;
      else if (start < now)
        interest += interestFor(r.openingPrincipal, loan.annualRateBp, daysStarted(start, now));
    }
    return { interest, overdue };
  }

  private loanDto(loan: LoanRow, rows: InstalmentRow[], fullId: boolean): LoanDto {
    const now = this.clock.now();
    const accrued = this.accrued(loan, rows, now);
    const disbursed = loan.disbursedAt !== null;
    return {
      id: loan.id,
      serialNo: loan.serialNo,
      status: loan.status,
      statusCode: LOAN_STATUS_CODES[loan.status],
      currency: 'USDT',
      amount: money(loan.amount),
      termDays: loan.termDays,
      method: loan.method,
      cycleDays: loan.cycleDays,
      annualRateBp: loan.annualRateBp,
      overdueAnnualRateBp: loan.overdueRateBp,
      payoutMethod: loan.payoutMethod,
      realName: loan.realName,
      nationality: loan.nationality,
      idType: loan.idType,
      idNumber: fullId ? loan.idNumber : maskId(loan.idNumber),
      idPhoto: loan.idPhoto,
      applyTime: toWireTime(loan.createdAt),
      reviewTime: loan.reviewedAt === null ? null : toWireTime(loan.reviewedAt),
      disburseTime: loan.disbursedAt === null ? null : toWireTime(loan.disbursedAt),
      maturityTime: loan.maturityAt === null ? null : toWireTime(loan.maturityAt),
      repaidTime: loan.repaidAt === null ? null : toWireTime(loan.repaidAt),
      refuseReason: loan.refuseReason,
      totalInterest: money(loan.totalInterest),
      estimatedRepayment: money(loan.amount + loan.totalInterest),
      accruedInterest: money(accrued.interest),
      overdueInterest: money(accrued.overdue),
      outstandingPrincipal: money(disbursed ? loan.amount - loan.paidPrincipal : 0n),
      paidAmount: money(loan.paidPrincipal + loan.paidInterest + loan.paidOverdue),
      canReapply: loan.status === 'failed',
    };
  }

  private quoteDto(plan: RepayPlan | null): LoanRepayQuoteDto | null {
    if (!plan) return null;
    return {
      type: plan.type,
      seq: plan.seq,
      amount: money(plan.amount),
      principal: money(plan.principal),
      interest: money(plan.interest),
      overdueInterest: money(plan.overdue),
    };
  }

  private eventDto(e: EventRow): LoanEventDto {
    return {
      id: e.id,
      type: e.type as LoanEventDto['type'],
      status: e.toStatus,
      time: toWireTime(e.createdAt),
      amount: e.amount === null ? null : money(e.amount),
      seq: e.seq,
      remark: e.remark,
    };
  }

  private async detailOf(db: Executor, loan: LoanRow, fullId = false): Promise<LoanDetailDto> {
    const [rows, events] = await Promise.all([
      this.repo.instalments(db, loan.id),
      this.repo.events(db, loan.id),
    ]);
    const now = this.clock.now();
    const running = RUNNING.includes(loan.status);
    const instalments =
      loan.disbursedAt !== null
        ? this.instalmentDtos(loan, rows, now)
        : this.estimatedInstalments(
            planSchedule(loan),
            loan.status === 'applying' ? now : (loan.reviewedAt ?? loan.createdAt),
          );
    return {
      ...this.loanDto(loan, rows, fullId),
      instalments,
      nextRepayment: running ? this.quoteDto(this.repayPlan(loan, rows, 'instalment', now)) : null,
      payoff: running ? this.quoteDto(this.repayPlan(loan, rows, 'full', now)) : null,
      events: events.map((e) => this.eventDto(e)),
    };
  }

  private async adminDto(db: Executor, loan: LoanRow, username: string | null): Promise<AdminLoanDto> {
    return {
      ...(await this.detailOf(db, loan, true)),
      userId: loan.userId,
      username,
      reviewerId: loan.reviewedBy,
    };
  }

  /** Whether a user holds an open application or loan (for other modules, e.g. account cancellation). */
  async hasOpenLoan(userId: string): Promise<boolean> {
    return Boolean(await this.repo.findOpenLoan(this.db, userId));
  }
}
