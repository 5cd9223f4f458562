/** Start-up loans: products from params, calculator, applications, risk review, repayment, overdue job. */
export {
  annuityPayment,
  DAY_MS,
  interestFor,
  type LoanTerms,
  type PlannedInstalment,
  periodDays,
  planSchedule,
  RATE_BASIS,
} from './loan-schedule.ts';
export { loanAdminRoutes } from './loans.admin-routes.ts';
export { LoansRepository } from './loans.repository.ts';
export { loanRoutes } from './loans.routes.ts';
export { LOAN_OVERDUE_JOB, type LoanAccounts, type OwnImage, productOf } from './loans.rules.ts';
export { LoansService } from './loans.service.ts';
