/** How loans look to the borrower and the risk operator: details, instalments, quotes, history. */

import {
  type AdminLoanDto,
  LOAN_STATUS_CODES,
  type LoanDetailDto,
  type LoanDto,
  type LoanEventDto,
  type LoanInstalmentDto,
  type LoanRepayQuoteDto,
  toWireTime,
} from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { presentableUrl } from '../../core/storage/private-links.ts';
import {
  DAY_MS,
  daysStarted,
  interestFor,
  overdueInterest,
  type PlannedInstalment,
  planSchedule,
} from './loan-schedule.ts';
import type { EventRow, InstalmentRow, LoanRow } from './loans.repository.ts';
import { type LoanDeps, maskId, money, type RepayPlan, RUNNING, repayPlan } from './loans.rules.ts';

export class LoanViews {
  constructor(private readonly d: Pick<LoanDeps, 'db' | 'repo' | 'clock'>) {}

  async ownLoan(ctx: RequestContext, id: string, db: Executor = this.d.db): Promise<LoanRow> {
    const { userId } = actorOf(ctx);
    const loan = await this.d.repo.findLoan(db, id);
    // Another user's loan does not exist, as far as this user can tell.
    if (!loan || loan.userId !== userId) throw new AppError('LOAN_NOT_FOUND');
    return loan;
  }

  async detail(ctx: RequestContext, id: string): Promise<LoanDetailDto> {
    return this.detailOf(this.d.db, await this.ownLoan(ctx, id));
  }

  estimatedInstalments(plan: PlannedInstalment[], from: number): LoanInstalmentDto[] {
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

  instalmentDtos(loan: LoanRow, rows: InstalmentRow[], now: number): LoanInstalmentDto[] {
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
  accrued(loan: LoanRow, rows: InstalmentRow[], now: number): { interest: bigint; overdue: bigint } {
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

  loanDto(loan: LoanRow, rows: InstalmentRow[], fullId: boolean): LoanDto {
    const now = this.d.clock.now();
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
      idPhoto: presentableUrl(loan.idPhoto),
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

  quoteDto(plan: RepayPlan | null): LoanRepayQuoteDto | null {
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

  eventDto(e: EventRow): LoanEventDto {
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

  async detailOf(db: Executor, loan: LoanRow, fullId = false): Promise<LoanDetailDto> {
    const [rows, events] = await Promise.all([
      this.d.repo.instalments(db, loan.id),
      this.d.repo.events(db, loan.id),
    ]);
    const now = this.d.clock.now();
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
      nextRepayment: running ? this.quoteDto(repayPlan(loan, rows, 'instalment', now)) : null,
      payoff: running ? this.quoteDto(repayPlan(loan, rows, 'full', now)) : null,
      events: events.map((e) => this.eventDto(e)),
    };
  }

  async adminDto(db: Executor, loan: LoanRow, username: string | null): Promise<AdminLoanDto> {
    return {
      ...(await this.detailOf(db, loan, true)),
      userId: loan.userId,
      username,
      reviewerId: loan.reviewedBy,
    };
  }
}
