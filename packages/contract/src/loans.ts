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

export type LoanInstalmentStatus = 'pending' | 'paid' | 'overdue';

export type LoanEventType = 'applied' | 'approved' | 'refused' | 'repayment' | 'overdue' | 'repaid';

/**
 * `/api/admin/loans/list` sorts: by application time (default) or amount; the overdue list also by
 * days overdue (the earliest unpaid instalment's due time), the amount due now (unpaid instalments
 * already due) and the overdue interest accrued on them.
 */
export const ADMIN_LOAN_SORTS = ['applyTime', 'amount', 'daysOverdue', 'dueNow', 'overdueInterest'] as const;
export type AdminLoanSort = (typeof ADMIN_LOAN_SORTS)[number];

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './loans.schemas.ts';
