/**
 * Input schemas of the loans calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import {
  ADMIN_LOAN_SORTS,
  LOAN_ID_TYPES,
  LOAN_REPAYMENT_METHODS,
  LOAN_RULES,
  LOAN_STATUSES,
} from './loans.ts';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { intInput } from './text.inputs.ts';
import { PAGE_SIZES } from './ui-constants.ts';

/**
 * Amounts stay as sent until parsed exactly (decimal strings); a JSON number is accepted only as a
 * safe integer, since a float has already lost its exactness on the way.
 */
const amount = z.union([z.string().max(40), z.number()]);

/** Days as a whole number; the service says whether the product offers it (LOAN_TERM_INVALID). */
const termDays = intInput(1, 100_000);

const method = z.enum(LOAN_REPAYMENT_METHODS as unknown as ['maturity', 'instalments']);

/** A yes/no from JSON (true/false) or a form ('true'/'false'/'1'/'0'/'on'). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
  .optional();

const loanId = z.string().trim().min(1).max(26);

/** /api/loan/config */
export const loanConfigInputSchema = z.object({});

/** /api/loan/calculate */
export const loanCalculateInputSchema = z.object({ amount, termDays, method });

/** /api/loan/apply */
export const loanApplyInputSchema = z.object({
  realName: z.string().max(200),
  nationality: z.string().trim().min(1).max(LOAN_RULES.nationalityMax),
  idType: z.enum(LOAN_ID_TYPES as unknown as ['id_card', 'passport']),
  idNumber: z.string().max(64),
  idPhoto: z.string().max(300).optional(),
  amount,
  termDays,
  method,
  agree: flag,
});

/** /api/loan/my */
export const loanMyInputSchema = z.object({});

/** /api/loan/history */
export const loanHistoryInputSchema = z.object({ ...pageInput(PAGE_SIZES.user) });

/** /api/loan/info */
export const loanInfoInputSchema = z.object({ id: loanId });

/** /api/loan/schedule */
export const loanScheduleInputSchema = z.object({ id: loanId });

/** /api/loan/repay */
export const loanRepayInputSchema = z.object({
  id: loanId,
  type: z.enum(['instalment', 'full']),
  amount,
  fundPassword: z.string().max(32),
  requestKey: z.string().trim().min(8).max(64).optional(),
});

/** /api/admin/loans/list */
export const adminLoansListInputSchema = z.object({
  ...pageInput(20),
  status: z
    .enum(LOAN_STATUSES as unknown as ['applying', 'success', 'failed', 'repaid', 'overdue'])
    .optional(),
  userId: z.string().trim().max(26).optional(),
  serialNo: z.string().trim().max(32).optional(),
  keyword: z.string().trim().max(64).optional(),
  sort: z.enum(ADMIN_LOAN_SORTS).default('applyTime'),
  order: sortOrder(),
});

/** /api/admin/loans/info */
export const adminLoansInfoInputSchema = z.object({ id: loanId });

/** /api/admin/loans/approve */
export const adminLoansApproveInputSchema = z.object({
  id: loanId,
  remark: z.string().trim().max(LOAN_RULES.reasonMax).optional(),
});

/** /api/admin/loans/refuse */
export const adminLoansRefuseInputSchema = z.object({
  id: loanId,
  reason: z.string().trim().min(1).max(LOAN_RULES.reasonMax),
});

/** /api/admin/loans/profile */
export const adminLoansProfileInputSchema = z.object({ id: z.string().trim().min(1).max(26) });
