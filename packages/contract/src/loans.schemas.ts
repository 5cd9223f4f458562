import { z } from 'zod';

/** The loan product as configured by the operator (params `loan_*`, per brand). */
export const loanProductSchema = z.object({
  currency: z.literal('USDT'),
  amountMin: z.string(),
  amountMax: z.string(),
  amountDecimals: z.number(),
  /** Terms offered, in days, ascending; each at most `maxTermDays`. */
  termsDays: z.array(z.number()),
  maxTermDays: z.number(),
  /** Fixed yearly rate in basis points (730 = 7.30% a year = 0.02% a day). */
  annualRateBp: z.number(),
  /** Yearly rate of the overdue interest on an instalment not paid by its due time, in basis points. */
  overdueAnnualRateBp: z.number(),
  methods: z.array(z.enum(['maturity', 'instalments'])),
  /** Days between two instalments of the `instalments` method. */
  cycleDays: z.number(),
  payoutMethod: z.enum(['wallet']),
  dayCount: z.literal('actual/365'),
});
export type LoanProductDto = z.infer<typeof loanProductSchema>;

/** The landing page's claims, read from the same configuration. */
export const loanClaimsSchema = z.object({
  amountMin: z.string(),
  amountMax: z.string(),
  maxTermDays: z.number(),
  /** "Review in as little as N hours" (param `loan_review_hours`). */
  reviewHours: z.number(),
  /** Days from approval to payout; 0 = the same day (param `loan_payout_days`). */
  payoutDays: z.number(),
});
export type LoanClaimsDto = z.infer<typeof loanClaimsSchema>;

export const loanConfigSchema = z.object({ product: loanProductSchema, claims: loanClaimsSchema });
export type LoanConfigDto = z.infer<typeof loanConfigSchema>;

export const loanInstalmentSchema = z.object({
  seq: z.number(),
  /** When it falls due; for an estimate (no loan yet, or under review), as if paid out now. */
  dueTime: z.string(),
  /** Days of interest in its period (actual days). */
  days: z.number(),
  principal: z.string(),
  interest: z.string(),
  /** principal + interest, as scheduled. */
  amount: z.string(),
  /** Principal still owed after this instalment is paid. */
  remainingPrincipal: z.string(),
  status: z.enum(['pending', 'paid', 'overdue']),
  /** Overdue interest accrued on it so far (0 unless late), or what was paid for it. */
  overdueInterest: z.string(),
  /** What was paid for it (principal + interest + overdue interest); 0 while unpaid. */
  paidAmount: z.string(),
  paidTime: z.string().nullable(),
});
export type LoanInstalmentDto = z.infer<typeof loanInstalmentSchema>;

/** `/api/loan/calculate`: the estimated schedule and total cost of an amount, term and method. */
export const loanQuoteSchema = z.object({
  amount: z.string(),
  termDays: z.number(),
  method: z.enum(['maturity', 'instalments']),
  annualRateBp: z.number(),
  overdueAnnualRateBp: z.number(),
  cycleDays: z.number(),
  instalments: z.array(loanInstalmentSchema),
  totalInterest: z.string(),
  /** Principal + interest: what the borrower pays back if every instalment is paid on time. */
  totalRepayment: z.string(),
});
export type LoanQuoteDto = z.infer<typeof loanQuoteSchema>;

/** What one repayment would take from the wallet now. */
export const loanRepayQuoteSchema = z.object({
  type: z.enum(['instalment', 'full']),
  /** The instalment paid (type instalment). */
  seq: z.number().nullable(),
  amount: z.string(),
  principal: z.string(),
  interest: z.string(),
  overdueInterest: z.string(),
});
export type LoanRepayQuoteDto = z.infer<typeof loanRepayQuoteSchema>;

export const loanEventSchema = z.object({
  id: z.string(),
  type: z.enum(['applied', 'approved', 'refused', 'repayment', 'overdue', 'repaid']),
  /** The loan's status after the event. */
  status: z.enum(['applying', 'success', 'failed', 'repaid', 'overdue']),
  time: z.string(),
  amount: z.string().nullable(),
  /** The instalment concerned (overdue, repayment of one instalment). */
  seq: z.number().nullable(),
  /** A refusal's reason. */
  remark: z.string().nullable(),
});
export type LoanEventDto = z.infer<typeof loanEventSchema>;

export const loanSchema = z.object({
  id: z.string(),
  serialNo: z.string(),
  status: z.enum(['applying', 'success', 'failed', 'repaid', 'overdue']),
  statusCode: z.number(),
  currency: z.literal('USDT'),
  amount: z.string(),
  termDays: z.number(),
  method: z.enum(['maturity', 'instalments']),
  cycleDays: z.number(),
  annualRateBp: z.number(),
  overdueAnnualRateBp: z.number(),
  payoutMethod: z.enum(['wallet']),
  realName: z.string(),
  nationality: z.string(),
  idType: z.enum(['id_card', 'passport']),
  /** Masked for the borrower (E1****78); in full for the risk operator. */
  idNumber: z.string(),
  idPhoto: z.string(),
  applyTime: z.string(),
  reviewTime: z.string().nullable(),
  /** Paid out into the wallet (approval). */
  disburseTime: z.string().nullable(),
  maturityTime: z.string().nullable(),
  repaidTime: z.string().nullable(),
  refuseReason: z.string().nullable(),
  /** Scheduled interest over the whole term. */
  totalInterest: z.string(),
  /** SPEC §3 "estimated repayment": principal + scheduled interest. */
  estimatedRepayment: z.string(),
  /** SPEC §3 "accrued interest": interest earned so far (actual days elapsed), paid or not. */
  accruedInterest: z.string(),
  /** Overdue interest accrued so far on late instalments, paid or not. */
  overdueInterest: z.string(),
  /** Principal still owed. */
  outstandingPrincipal: z.string(),
  /** Everything paid back so far. */
  paidAmount: z.string(),
  /** A failed application may be followed by a new one (SPEC §4). */
  canReapply: z.boolean(),
});
export type LoanDto = z.infer<typeof loanSchema>;

export const loanDetailSchema = loanSchema.extend({
  /** The schedule; an estimate while the loan is under review. */
  instalments: z.array(loanInstalmentSchema),
  /** The next instalment to pay now (earliest unpaid), or null. */
  nextRepayment: loanRepayQuoteSchema.nullable(),
  /** Everything owed if repaid in full now, or null. */
  payoff: loanRepayQuoteSchema.nullable(),
  events: z.array(loanEventSchema),
});
export type LoanDetailDto = z.infer<typeof loanDetailSchema>;

/** `/api/loan/my`: the current (open, else latest) loan and whether the user may apply. */
export const loanMineSchema = z.object({
  loan: loanDetailSchema.nullable(),
  canApply: z.boolean(),
  /** Real-name verification of the account: loans need `approved`. */
  realNameStatus: z.enum(['none', 'pending', 'approved', 'rejected']),
  /** The verified real name (prefills the application). */
  realName: z.string().nullable(),
});
export type LoanMineDto = z.infer<typeof loanMineSchema>;

/** The risk operator's view. */
export const adminLoanSchema = loanDetailSchema.extend({
  userId: z.string(),
  username: z.string().nullable(),
  reviewerId: z.string().nullable(),
});
export type AdminLoanDto = z.infer<typeof adminLoanSchema>;

/** `/api/loan/schedule`: a loan's instalments and what repaying now would take. */
export const loanScheduleSchema = z.object({
  loanId: z.string(),
  status: z.enum(['applying', 'success', 'failed', 'repaid', 'overdue']),
  /** True while the loan is under review (or was refused): due times as if paid out now. */
  estimated: z.boolean(),
  instalments: z.array(loanInstalmentSchema),
  totalInterest: z.string(),
  estimatedRepayment: z.string(),
  nextRepayment: loanRepayQuoteSchema.nullable(),
  payoff: loanRepayQuoteSchema.nullable(),
});
export type LoanScheduleDto = z.infer<typeof loanScheduleSchema>;
