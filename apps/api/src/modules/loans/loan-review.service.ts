/** The risk operator's side: the list, approving (disbursing) or refusing, and the overdue job. */
import type { AdminLoanDto, Page } from '@mall/contract';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { DAY_MS, planSchedule } from './loan-schedule.ts';
import type { AdminLoanFilter, InstalmentRow, LoanRow } from './loans.repository.ts';
import { LOAN_OVERDUE_JOB, type LoanDeps, money, RUNNING } from './loans.rules.ts';

export class LoanReviews {
  constructor(private readonly d: LoanDeps) {}

  async adminList(
    ctx: RequestContext,
    filter: Omit<AdminLoanFilter, 'brand'>,
    page: PageRequest,
  ): Promise<Page<AdminLoanDto>> {
    const keywordUserIds = filter.keyword ? await this.d.accounts.userIdsNamed(filter.keyword) : undefined;
    const { rows, total } = await this.d.repo.adminList(
      this.d.db,
      { ...filter, brand: ctx.brand.key, keywordUserIds, now: this.d.clock.now() },
      page.pageSize,
      offsetOf(page),
    );
    const names = await this.d.accounts.namesOf(
      ctx,
      rows.map((r) => r.userId),
    );
    const list = await Promise.all(
      rows.map((r) => this.d.views.adminDto(this.d.db, r, names.get(r.userId) ?? null)),
    );
    return pageOf(list, total, page);
  }

  async adminInfo(ctx: RequestContext, id: string): Promise<AdminLoanDto> {
    const loan = await this.d.repo.findLoan(this.d.db, id);
    if (!loan || loan.brand !== ctx.brand.key) throw new AppError('LOAN_NOT_FOUND');
    const user = await this.d.accounts.userRow(loan.userId);
    return this.d.views.adminDto(this.d.db, loan, user?.username ?? null);
  }

  /**
   * Approves an application and pays the principal into the borrower's wallet from the loan book,
   * exactly once: the status moves from applying only once (a conditional update under the loan's
   * lock) and the transfer's id is the loan's. The schedule starts now; each instalment gets its
   * overdue job in the same transaction.
   */
  async approve(ctx: RequestContext, id: string, remark: string | null): Promise<AdminLoanDto> {
    const actor = actorOf(ctx);
    await inTransaction(this.d.db, async (tx) => {
      const loan = await this.reviewable(ctx, tx, id);
      await this.d.accounts.assertCanTransact(tx, loan.userId);
      const now = this.d.clock.now();
      const plan = planSchedule(loan);
      const maturityAt = now + loan.termDays * DAY_MS;
      const decided = await this.d.repo.decide(tx, id, {
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
      await this.d.repo.insertInstalments(tx, rows);
      await this.d.notifications?.loanApproved(tx, loan, rows);
      await this.d.ledger.transfer(tx, {
        id: `loan:${id}:disburse`,
        debit: ledgerAccounts.loanBook(),
        credit: ledgerAccounts.wallet(loan.userId),
        amount: loan.amount,
        kind: 'loan_disburse',
        reference: id,
        memo: loan.serialNo,
      });
      for (const r of rows) {
        await this.d.jobs.schedule(tx, {
          type: LOAN_OVERDUE_JOB,
          payload: { loanId: id, seq: r.seq },
          // Overdue once the due time has passed (a payment at the due time itself is on time).
          runAt: r.dueAt + 1,
          dedupeKey: `loan-overdue:${id}:${r.seq}`,
        });
      }
      await this.d.repo.insertEvent(tx, {
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
      await this.d.audit.record(tx, {
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
    await inTransaction(this.d.db, async (tx) => {
      const loan = await this.reviewable(ctx, tx, id);
      const now = this.d.clock.now();
      const decided = await this.d.repo.decide(tx, id, {
        status: 'failed',
        reviewedBy: actor.userId,
        now,
        refuseReason: reason,
      });
      if (!decided) throw new AppError('LOAN_ALREADY_REVIEWED');
      await this.d.notifications?.loanRefused(tx, loan, reason);
      await this.d.repo.insertEvent(tx, {
        id: newId(),
        loanId: id,
        type: 'refused',
        fromStatus: 'applying',
        toStatus: 'failed',
        remark: reason,
        actorId: actor.userId,
        createdAt: now,
      });
      await this.d.audit.record(tx, {
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
    const loan = await this.d.repo.lockLoan(tx, id);
    if (!loan || loan.brand !== ctx.brand.key) throw new AppError('LOAN_NOT_FOUND');
    if (loan.userId === actorOf(ctx).userId) throw new AppError('CANNOT_ACT_ON_SELF');
    if (loan.status !== 'applying') throw new AppError('LOAN_ALREADY_REVIEWED');
    return loan;
  }

  /**
   * Turns an instalment overdue once its due time has passed unpaid, and the loan with it: one
   * conditional update (pending → overdue) decides, so running the job twice, or in two processes,
   * marks it and writes its history entry exactly once. The entry records what was due (principal +
   * interest); overdue interest accrues on it from then on (loan-schedule.ts).
   */
  async markOverdue(loanId: string, seq: number): Promise<void> {
    await inTransaction(this.d.db, async (tx) => {
      const loan = await this.d.repo.lockLoan(tx, loanId);
      if (!loan || !RUNNING.includes(loan.status)) return;
      const now = this.d.clock.now();
      const instalment = (await this.d.repo.instalments(tx, loanId)).find((r) => r.seq === seq);
      if (instalment?.status !== 'pending') return;
      // Woken early (clocks of two processes differ): fail, so the runner tries again later.
      if (instalment.dueAt >= now) throw new Error(`instalment ${loanId}/${seq} is not due yet`);
      if (!(await this.d.repo.markInstalmentOverdue(tx, loanId, seq, now))) return;
      if (loan.status === 'success') await this.d.repo.setStatus(tx, loanId, ['success'], 'overdue', now);
      await this.d.repo.insertEvent(tx, {
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
}
