/** The borrower's calls under /api/loan/... (docs/api/loans.md). Thin: parse, call the service. */
import {
  LOAN_ID_TYPES,
  LOAN_REPAYMENT_METHODS,
  LOAN_RULES,
  loanConfigSchema,
  loanDetailSchema,
  loanMineSchema,
  loanQuoteSchema,
  loanScheduleSchema,
  loanSchema,
  PAGE_SIZES,
  pageSchema,
} from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput } from '../../core/http/text-inputs.ts';
import type { LoansService } from './loans.service.ts';

const both = ['GET', 'POST'] as const;
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

export function loanRoutes(route: DefineRoute, loans: LoansService): void {
  route({
    method: [...both],
    url: '/api/loan/config',
    output: loanConfigSchema,
    input: z.object({}),
    handle: (ctx) => loans.config(ctx),
  });

  route({
    method: [...both],
    url: '/api/loan/calculate',
    output: loanQuoteSchema,
    input: z.object({ amount, termDays, method }),
    handle: (ctx, input) => loans.calculate(ctx, input),
  });

  route({
    method: ['POST'],
    url: '/api/loan/apply',
    output: loanDetailSchema,
    input: z.object({
      realName: z.string().max(200),
      nationality: z.string().trim().min(1).max(LOAN_RULES.nationalityMax),
      idType: z.enum(LOAN_ID_TYPES as unknown as ['id_card', 'passport']),
      idNumber: z.string().max(64),
      idPhoto: z.string().max(300).optional(),
      amount,
      termDays,
      method,
      agree: flag,
    }),
    auth: 'user',
    handle: (ctx, input) => loans.apply(ctx, input),
  });

  route({
    method: [...both],
    url: '/api/loan/my',
    output: loanMineSchema,
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => loans.mine(ctx),
  });

  route({
    method: [...both],
    url: '/api/loan/history',
    output: pageSchema(loanSchema),
    input: z.object({ ...pageInput(PAGE_SIZES.user) }),
    auth: 'user',
    handle: (ctx, page) => loans.history(ctx, page),
  });

  route({
    method: [...both],
    url: '/api/loan/info',
    output: loanDetailSchema,
    input: z.object({ id: loanId }),
    auth: 'user',
    handle: (ctx, { id }) => loans.detail(ctx, id),
  });

  route({
    method: [...both],
    url: '/api/loan/schedule',
    output: loanScheduleSchema,
    input: z.object({ id: loanId }),
    auth: 'user',
    handle: (ctx, { id }) => loans.schedule(ctx, id),
  });

  route({
    method: ['POST'],
    url: '/api/loan/repay',
    output: loanDetailSchema,
    input: z.object({
      id: loanId,
      type: z.enum(['instalment', 'full']),
      amount,
      fundPassword: z.string().max(32),
      requestKey: z.string().trim().min(8).max(64).optional(),
    }),
    auth: 'user',
    handle: (ctx, input) => loans.repay(ctx, input),
  });
}
