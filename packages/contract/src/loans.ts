/**
 * Start-up loans (issue 7): DTOs and constants shared by the API and the storefront. Types and
 * constants only. Amounts are decimal strings of USDT (the API keeps bigint atomic units at 10^10);
 * times are `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. Calls and rules: docs/api/loans.md.
 */

/** SPEC §4: applying (under review), success (disbursed, being repaid), failed (can reapply), repaid, overdue. */
export type LoanStatus = 'applying' | 'success' | 'failed' | 'repaid' | 'overdue';
export const LOAN_STATUSES: readonly LoanStatus[] = ['applying', 'success', 'failed', 'repaid', 'overdue'];
/** The numbers old clients use for the states. */
export const LOAN_STATUS_CODES: Record<LoanStatus, number> = {
  applying: 0,
  success: 1,
  failed: 2,
  repaid: 3,
  overdue: 4,
};

/**
 * Repayment methods: `maturity` pays principal and interest in one instalment at the end of the
 * term; `instalments` pays equal instalments (principal and interest together, an annuity) once per
 * cycle, the last one at the end of the term.
 */
export type LoanRepaymentMethod = 'maturity' | 'instalments';
export const LOAN_REPAYMENT_METHODS: readonly LoanRepaymentMethod[] = ['maturity', 'instalments'];

/** How the money is paid out: into the borrower's USDT wallet. */
export type LoanPayoutMethod = 'wallet';

export type LoanIdType = 'id_card' | 'passport';
export const LOAN_ID_TYPES: readonly LoanIdType[] = ['id_card', 'passport'];

/** SPEC §9: a loan's term is at most one year; amounts are whole cents of USDT (2 decimals). */
export const LOAN_RULES = {
  maxTermDays: 365,
  amountDecimals: 2,
  /** Day count: actual days over a 365-day year; interest rounded down once per instalment. */
  dayCountBasis: 365,
  nationalityMax: 64,
  reasonMax: 200,
} as const;

/** The loan product as configured by the operator (params `loan_*`, per brand). */
export interface LoanProductDto {
  currency: 'USDT';
  amountMin: string;
  amountMax: string;
  amountDecimals: number;
  /** Terms offered, in days, ascending; each at most `maxTermDays`. */
  termsDays: number[];
  maxTermDays: number;
  /** Fixed yearly rate in basis points (730 = 7.30% a year = 0.02% a day). */
  annualRateBp: number;
  /** Yearly rate of the overdue interest on an instalment not paid by its due time, in basis points. */
  overdueAnnualRateBp: number;
  methods: LoanRepaymentMethod[];
  /** Days between two instalments of the `instalments` method. */
  cycleDays: number;
  payoutMethod: LoanPayoutMethod;
  dayCount: 'actual/365';
}

/** The landing page's claims, read from the same configuration. */
export interface LoanClaimsDto {
  amountMin: string;
  amountMax: string;
  maxTermDays: number;
  /** "Review in as little as N hours" (param `loan_review_hours`). */
  reviewHours: number;
  /** Days from approval to payout; 0 = the same day (param `loan_payout_days`). */
  payoutDays: number;
}

export interface LoanConfigDto {
  product: LoanProductDto;
  claims: LoanClaimsDto;
}

export type LoanInstalmentStatus = 'pending' | 'paid' | 'overdue';

export interface LoanInstalmentDto {
  seq: number;
  /** When it falls due; for an estimate (no loan yet, or under review), as if paid out now. */
  dueTime: string;
  /** Days of interest in its period (actual days). */
  days: number;
  principal: string;
  interest: string;
  /** principal + interest, as scheduled. */
  amount: string;
  /** Principal still owed after this instalment is paid. */
  remainingPrincipal: string;
  status: LoanInstalmentStatus;
  /** Overdue interest accrued on it so far (0 unless late), or what was paid for it. */
  overdueInterest: string;
  /** What was paid for it (principal + interest + overdue interest); 0 while unpaid. */
  paidAmount: string;
  paidTime: string | null;
}

/** `/api/loan/calculate`: the estimated schedule and total cost of an amount, term and method. */
export interface LoanQuoteDto {
  amount: string;
  termDays: number;
  method: LoanRepaymentMethod;
  annualRateBp: number;
  overdueAnnualRateBp: number;
  cycleDays: number;
  instalments: LoanInstalmentDto[];
  totalInterest: string;
  /** Principal + interest: what the borrower pays back if every instalment is paid on time. */
  totalRepayment: string;
}

/** What one repayment would take from the wallet now. */
export interface LoanRepayQuoteDto {
  type: 'instalment' | 'full';
  /** The instalment paid (type instalment). */
  seq: number | null;
  amount: string;
  principal: string;
  interest: string;
  overdueInterest: string;
}

export type LoanEventType = 'applied' | 'approved' | 'refused' | 'repayment' | 'overdue' | 'repaid';

export interface LoanEventDto {
  id: string;
  type: LoanEventType;
  /** The loan's status after the event. */
  status: LoanStatus;
  time: string;
  amount: string | null;
  /** The instalment concerned (overdue, repayment of one instalment). */
  seq: number | null;
  /** A refusal's reason. */
  remark: string | null;
}

export interface LoanDto {
  id: string;
  serialNo: string;
  status: LoanStatus;
  statusCode: number;
  currency: 'USDT';
  amount: string;
  termDays: number;
  method: LoanRepaymentMethod;
  cycleDays: number;
  annualRateBp: number;
  overdueAnnualRateBp: number;
  payoutMethod: LoanPayoutMethod;
  realName: string;
  nationality: string;
  idType: LoanIdType;
  /** Masked for the borrower (E1****78); in full for the risk operator. */
  idNumber: string;
  idPhoto: string;
  applyTime: string;
  reviewTime: string | null;
  /** Paid out into the wallet (approval). */
  disburseTime: string | null;
  maturityTime: string | null;
  repaidTime: string | null;
  refuseReason: string | null;
  /** Scheduled interest over the whole term. */
  totalInterest: string;
  /** SPEC §3 "estimated repayment": principal + scheduled interest. */
  estimatedRepayment: string;
  /** SPEC §3 "accrued interest": interest earned so far (actual days elapsed), paid or not. */
  accruedInterest: string;
  /** Overdue interest accrued so far on late instalments, paid or not. */
  overdueInterest: string;
  /** Principal still owed. */
  outstandingPrincipal: string;
  /** Everything paid back so far. */
  paidAmount: string;
  /** A failed application may be followed by a new one (SPEC §4). */
  canReapply: boolean;
}

export interface LoanDetailDto extends LoanDto {
  /** The schedule; an estimate while the loan is under review. */
  instalments: LoanInstalmentDto[];
  /** The next instalment to pay now (earliest unpaid), or null. */
  nextRepayment: LoanRepayQuoteDto | null;
  /** Everything owed if repaid in full now, or null. */
  payoff: LoanRepayQuoteDto | null;
  events: LoanEventDto[];
}

/** `/api/loan/my`: the current (open, else latest) loan and whether the user may apply. */
export interface LoanMineDto {
  loan: LoanDetailDto | null;
  canApply: boolean;
  /** Real-name verification of the account: loans need `approved`. */
  realNameStatus: 'none' | 'pending' | 'approved' | 'rejected';
  /** The verified real name (prefills the application). */
  realName: string | null;
}

/** The risk operator's view. */
export interface AdminLoanDto extends LoanDetailDto {
  userId: string;
  username: string | null;
  reviewerId: string | null;
}

/**
 * `/api/admin/loans/list` sorts: by application time (default) or amount; the overdue list also by
 * days overdue (the earliest unpaid instalment's due time), the amount due now (unpaid instalments
 * already due) and the overdue interest accrued on them.
 */
export const ADMIN_LOAN_SORTS = ['applyTime', 'amount', 'daysOverdue', 'dueNow', 'overdueInterest'] as const;
export type AdminLoanSort = (typeof ADMIN_LOAN_SORTS)[number];

/** `/api/loan/schedule`: a loan's instalments and what repaying now would take. */
export interface LoanScheduleDto {
  loanId: string;
  status: LoanStatus;
  /** True while the loan is under review (or was refused): due times as if paid out now. */
  estimated: boolean;
  instalments: LoanInstalmentDto[];
  totalInterest: string;
  estimatedRepayment: string;
  nextRepayment: LoanRepayQuoteDto | null;
  payoff: LoanRepayQuoteDto | null;
}
