/** The loan product, the calculator and applying for a loan (SPEC §4). */
import {
  LOAN_RULES,
  type LoanConfigDto,
  type LoanDetailDto,
  type LoanProductDto,
  type LoanQuoteDto,
  PARAM_DEFAULTS,
  parseMoney,
} from '@mall/contract';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { requireVerification } from '../verification/index.ts';
import { assertEligible } from './loan-eligibility.ts';
import { planSchedule } from './loan-schedule.ts';
import type { LoanRow } from './loans.repository.ts';
import {
  type ApplyInput,
  ID_NUMBER,
  intParam,
  type LoanDeps,
  money,
  moneyParam,
  normalName,
  productOf,
  type QuoteInput,
  REAL_NAME,
  serialNumber,
} from './loans.rules.ts';

export class LoanApplications {
  constructor(private readonly d: LoanDeps) {}

  async product(ctx: RequestContext): Promise<LoanProductDto> {
    return productOf(await this.d.params.all(ctx.brand));
  }

  async config(ctx: RequestContext): Promise<LoanConfigDto> {
    const values = await this.d.params.all(ctx.brand);
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
      instalments: this.d.views.estimatedInstalments(plan, this.d.clock.now()),
      totalInterest: money(totalInterest),
      totalRepayment: money(amount + totalInterest),
    };
  }

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

    await this.d.accounts.assertCanTransact(this.d.db, userId);
    try {
      await this.d.accounts.assertVerified(this.d.db, userId, 'realname');
    } catch (error) {
      if (error instanceof AppError && error.key === 'REAL_NAME_REQUIRED') {
        throw new AppError('QUALIFICATION_NOT_MET', { reason: 'realname' });
      }
      throw error;
    }
    await requireVerification(this.d.db, ctx, 'loan');
    const user = await this.d.accounts.userRow(userId);
    if (!user?.real_name || normalName(user.real_name) !== normalName(realName)) {
      throw new AppError('LOAN_NAME_MISMATCH');
    }
    if (await this.d.repo.findOpenLoan(this.d.db, userId)) throw new AppError('LOAN_ALREADY_OPEN');
    await assertEligible(
      this.d.db,
      this.d.ledger,
      await this.d.params.all(ctx.brand),
      userId,
      amount,
      this.d.clock.now(),
    );
    const idPhoto = await this.d.ownImage(ctx.brand.key, userId, photo);

    const now = this.d.clock.now();
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
      await inTransaction(this.d.db, async (tx) => {
        await this.d.repo.insertLoan(tx, row);
        await this.d.repo.insertEvent(tx, {
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
    return this.d.views.detailOf(this.d.db, row);
  }
}
