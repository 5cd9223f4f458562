/** Repaying a loan from the wallet: one instalment or everything owed, with the fund password. */
import { type LoanDetailDto, type LoanStatus, parseMoney } from '@mall/contract';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import { checkRepayAmount, type LoanDeps, type RepayInput, RUNNING } from './loans.rules.ts';

export class LoanRepayments {
  constructor(private readonly d: LoanDeps) {}

  /**
   * Repays from the wallet: the earliest unpaid instalment (with its overdue interest) or everything
   * owed now. `amount` is what the borrower saw and agreed to: more than is owed is refused, and a
   * due that changed since (a day of interest ticked over) asks for a fresh look instead of paying
   * something else. The same `requestKey` again answers the first result.
   */
  async repay(ctx: RequestContext, input: RepayInput): Promise<LoanDetailDto> {
    const { userId } = actorOf(ctx);
    const loan = await this.d.views.ownLoan(ctx, input.id);
    const parsed = parseMoney(input.amount);
    if (!parsed.ok || parsed.units <= 0n) throw new AppError('AMOUNT_FORMAT');
    const amount = parsed.units;
    if (input.requestKey) {
      const earlier = await this.d.repo.findRepaymentByKey(this.d.db, loan.id, input.requestKey);
      if (earlier) return this.replayRepayment(earlier, input.type, amount, loan.id);
    }
    if (!RUNNING.includes(loan.status)) throw new AppError('LOAN_STATUS_INVALID', { status: loan.status });
    const now = this.d.clock.now();
    const instalments = await this.d.repo.instalments(this.d.db, loan.id);
    checkRepayAmount(loan, instalments, input.type, amount, now);
    await this.d.accounts.assertCanTransact(this.d.db, userId);
    const wallet = ledgerAccounts.wallet(userId);
    if ((await this.d.ledger.balanceOf(this.d.db, wallet)).available < amount) {
      throw new AppError('INSUFFICIENT_BALANCE');
    }
    // Before the transaction: a wrong entry must count even though nothing else is written.
    await this.d.accounts.verifyFundPassword(this.d.db, userId, input.fundPassword);

    const after = await inTransaction(this.d.db, async (tx) => {
      const current = await this.d.repo.lockLoan(tx, loan.id);
      if (!current) throw new AppError('LOAN_NOT_FOUND');
      if (input.requestKey) {
        const earlier = await this.d.repo.findRepaymentByKey(tx, loan.id, input.requestKey);
        if (earlier) return { replay: earlier };
      }
      if (!RUNNING.includes(current.status))
        throw new AppError('LOAN_STATUS_INVALID', { status: current.status });
      const rows = await this.d.repo.instalments(tx, loan.id);
      const plan = checkRepayAmount(current, rows, input.type, amount, now);
      const repaymentId = newId();
      await this.d.repo.insertRepayment(tx, {
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
        const paid = await this.d.repo.payInstalment(tx, loan.id, part.seq, { ...part, repaymentId, now });
        if (!paid) throw new AppError('LOAN_REPAY_AMOUNT_CHANGED');
      }
      if (plan.principal > 0n) {
        await this.d.ledger.transfer(tx, {
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
        await this.d.ledger.transfer(tx, {
          id: `loan:${repaymentId}:interest`,
          debit: wallet,
          credit: ledgerAccounts.platform('interest'),
          amount: income,
          kind: 'loan_interest',
          reference: loan.id,
          memo: current.serialNo,
        });
      }
      await this.d.repo.addPaid(tx, loan.id, plan, now);
      const paidSeqs = new Set(plan.parts.map((p) => p.seq));
      const left = rows.filter((r) => r.status !== 'paid' && !paidSeqs.has(r.seq));
      let status: LoanStatus = current.status;
      if (left.length === 0) {
        status = 'repaid';
      } else if (current.status === 'overdue' && !left.some((r) => r.status === 'overdue' || r.dueAt < now)) {
        status = 'success';
      }
      if (status !== current.status) await this.d.repo.setStatus(tx, loan.id, [current.status], status, now);
      await this.d.repo.insertEvent(tx, {
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
        await this.d.repo.insertEvent(tx, {
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
      const earlier = await this.d.repo.findRepaymentByKey(this.d.db, loan.id, input.requestKey ?? '');
      if (earlier) return this.replayRepayment(earlier, input.type, amount, loan.id);
    } else if (replay) {
      return this.replayRepayment(replay, input.type, amount, loan.id);
    }
    return this.d.views.detailOf(this.d.db, (await this.d.repo.findLoan(this.d.db, loan.id)) ?? loan);
  }

  private async replayRepayment(
    earlier: { type: string; amount: bigint },
    type: string,
    amount: bigint,
    loanId: string,
  ): Promise<LoanDetailDto> {
    if (earlier.type !== type || earlier.amount !== amount) throw new AppError('IDEMPOTENCY_MISMATCH');
    const loan = await this.d.repo.findLoan(this.d.db, loanId);
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    return this.d.views.detailOf(this.d.db, loan);
  }
}
