/**
 * Start-up loans (issue 7). A verified user applies for one loan at a time; a risk operator approves
 * (the principal is paid into the wallet from the loan book, once) or refuses with a reason; the
 * borrower repays from the wallet, one instalment or everything, with the fund password; a durable
 * job turns a loan overdue when an instalment passes its due time unpaid. Every state change and
 * every payment is a history entry; every movement of money is a ledger transfer.
 *
 * The one entry the routes and other modules call. Each use case has its own file:
 * loan-application.service.ts (product, calculator, applying), loan-repayment.service.ts,
 * loan-review.service.ts (the risk operator, the overdue job), loan-views.ts (what a loan looks
 * like); shared rules in loans.rules.ts, the arithmetic in loan-schedule.ts.
 */

import type {
  AdminLoanDto,
  AdminUserLoanDto,
  LoanConfigDto,
  LoanDetailDto,
  LoanDto,
  LoanMineDto,
  LoanProductDto,
  LoanQuoteDto,
  LoanScheduleDto,
  Page,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AuditService } from '../audit/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationEvents } from '../notifications/index.ts';
import type { ParamsService } from '../params/index.ts';
import { LoanApplications } from './loan-application.service.ts';
import { LoanRepayments } from './loan-repayment.service.ts';
import { LoanReviews } from './loan-review.service.ts';
import { LoanViews } from './loan-views.ts';
import type { AdminLoanFilter, LoansRepository } from './loans.repository.ts';
import {
  type ApplyInput,
  LOAN_OVERDUE_JOB,
  type LoanAccounts,
  type LoanDeps,
  type OwnImage,
  type QuoteInput,
  type RepayInput,
} from './loans.rules.ts';

export { LOAN_OVERDUE_JOB, type LoanAccounts, type OwnImage, productOf } from './loans.rules.ts';

export class LoansService {
  private readonly d: LoanDeps;
  private readonly applications: LoanApplications;
  private readonly repayments: LoanRepayments;
  private readonly reviews: LoanReviews;

  constructor(
    db: Executor,
    repo: LoansRepository,
    ledger: LedgerService,
    accounts: LoanAccounts,
    ownImage: OwnImage,
    params: ParamsService,
    audit: AuditService,
    private readonly jobs: JobRunner,
    clock: Clock,
  ) {
    const views = new LoanViews({ db, repo, clock });
    this.d = { db, repo, ledger, accounts, ownImage, params, audit, jobs, clock, views };
    this.applications = new LoanApplications(this.d);
    this.repayments = new LoanRepayments(this.d);
    this.reviews = new LoanReviews(this.d);
  }

  /** The message centre's hooks (loan decisions, instalments due), set by app.ts. */
  set notifications(events: NotificationEvents | undefined) {
    this.d.notifications = events;
  }

  /** Registers the overdue job's handler (once, at start). */
  registerJobs(): void {
    this.jobs.register(LOAN_OVERDUE_JOB, async (payload) => {
      const p = payload as { loanId?: unknown; seq?: unknown } | null;
      if (typeof p?.loanId === 'string' && typeof p.seq === 'number') await this.markOverdue(p.loanId, p.seq);
    });
  }

  // ---- product, calculator, applying (loan-application.service.ts) -----------------------------

  product(ctx: RequestContext): Promise<LoanProductDto> {
    return this.applications.product(ctx);
  }

  config(ctx: RequestContext): Promise<LoanConfigDto> {
    return this.applications.config(ctx);
  }

  calculate(ctx: RequestContext, input: QuoteInput): Promise<LoanQuoteDto> {
    return this.applications.calculate(ctx, input);
  }

  apply(ctx: RequestContext, input: ApplyInput): Promise<LoanDetailDto> {
    return this.applications.apply(ctx, input);
  }

  // ---- the borrower's loans (loan-views.ts) ------------------------------------------------------

  /** The current loan (open, else the latest), and whether the user may apply now. */
  async mine(ctx: RequestContext): Promise<LoanMineDto> {
    const { userId } = actorOf(ctx);
    const { db, repo, accounts, views } = this.d;
    const [user, open] = await Promise.all([accounts.userRow(userId), repo.findOpenLoan(db, userId)]);
    const loan = open ?? (await repo.latestLoan(db, userId));
    const status = (user?.realname_status ?? 'none') as LoanMineDto['realNameStatus'];
    return {
      loan: loan ? await views.detailOf(db, loan) : null,
      canApply: !open && status === 'approved',
      realNameStatus: status,
      realName: status === 'approved' ? (user?.real_name ?? null) : null,
    };
  }

  async history(ctx: RequestContext, page: PageRequest): Promise<Page<LoanDto>> {
    const { userId } = actorOf(ctx);
    const { db, repo, views } = this.d;
    const { rows, total } = await repo.listByUser(db, userId, page.pageSize, offsetOf(page));
    const list = await Promise.all(
      rows.map(async (row) => views.loanDto(row, await repo.instalments(db, row.id), false)),
    );
    return pageOf(list, total, page);
  }

  /** A user's latest loans and applications, newest first, for the console's user view. */
  async latestOf(userId: string, count: number): Promise<{ total: number; list: AdminUserLoanDto[] }> {
    const { db, repo, views } = this.d;
    const { rows, total } = await repo.listByUser(db, userId, count, 0);
    const list = await Promise.all(
      rows.map(async (row) => {
        const l = views.loanDto(row, await repo.instalments(db, row.id), false);
        return {
          id: l.id,
          serialNo: l.serialNo,
          status: l.status,
          amount: l.amount,
          termDays: l.termDays,
          applyTime: l.applyTime,
          disburseTime: l.disburseTime,
          repaidTime: l.repaidTime,
        };
      }),
    );
    return { total, list };
  }

  detail(ctx: RequestContext, id: string): Promise<LoanDetailDto> {
    return this.d.views.detail(ctx, id);
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

  // ---- repaying (loan-repayment.service.ts) ------------------------------------------------------

  repay(ctx: RequestContext, input: RepayInput): Promise<LoanDetailDto> {
    return this.repayments.repay(ctx, input);
  }

  // ---- the risk operator and the overdue job (loan-review.service.ts) ----------------------------

  adminList(
    ctx: RequestContext,
    filter: Omit<AdminLoanFilter, 'brand'>,
    page: PageRequest,
  ): Promise<Page<AdminLoanDto>> {
    return this.reviews.adminList(ctx, filter, page);
  }

  adminInfo(ctx: RequestContext, id: string): Promise<AdminLoanDto> {
    return this.reviews.adminInfo(ctx, id);
  }

  approve(ctx: RequestContext, id: string, remark: string | null): Promise<AdminLoanDto> {
    return this.reviews.approve(ctx, id, remark);
  }

  refuse(ctx: RequestContext, id: string, reason: string): Promise<AdminLoanDto> {
    return this.reviews.refuse(ctx, id, reason);
  }

  markOverdue(loanId: string, seq: number): Promise<void> {
    return this.reviews.markOverdue(loanId, seq);
  }

  /** Whether a user holds an open application or loan (for other modules, e.g. account cancellation). */
  async hasOpenLoan(userId: string): Promise<boolean> {
    return Boolean(await this.d.repo.findOpenLoan(this.d.db, userId));
  }
}
