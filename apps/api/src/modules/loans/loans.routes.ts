/** The borrower's calls under /api/loan/... (docs/api/loans.md). Thin: parse, call the service. */

import {
  loanConfigSchema,
  loanDetailSchema,
  loanMineSchema,
  loanQuoteSchema,
  loanScheduleSchema,
  loanSchema,
  pageSchema,
} from '@mall/contract';
import {
  loanApplyInputSchema,
  loanCalculateInputSchema,
  loanConfigInputSchema,
  loanHistoryInputSchema,
  loanInfoInputSchema,
  loanMyInputSchema,
  loanRepayInputSchema,
  loanScheduleInputSchema,
} from '@mall/contract/loans.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { LoansService } from './loans.service.ts';

const both = ['GET', 'POST'] as const;

export function loanRoutes(route: DefineRoute, loans: LoansService): void {
  route({
    method: [...both],
    url: '/api/loan/config',
    output: loanConfigSchema,
    input: loanConfigInputSchema,
    handle: (ctx) => loans.config(ctx),
  });

  route({
    method: [...both],
    url: '/api/loan/calculate',
    output: loanQuoteSchema,
    input: loanCalculateInputSchema,
    handle: (ctx, input) => loans.calculate(ctx, input),
  });

  route({
    method: ['POST'],
    url: '/api/loan/apply',
    output: loanDetailSchema,
    input: loanApplyInputSchema,
    auth: 'user',
    handle: (ctx, input) => loans.apply(ctx, input),
  });

  route({
    method: [...both],
    url: '/api/loan/my',
    output: loanMineSchema,
    input: loanMyInputSchema,
    auth: 'user',
    handle: (ctx) => loans.mine(ctx),
  });

  route({
    method: [...both],
    url: '/api/loan/history',
    output: pageSchema(loanSchema),
    input: loanHistoryInputSchema,
    auth: 'user',
    handle: (ctx, page) => loans.history(ctx, page),
  });

  route({
    method: [...both],
    url: '/api/loan/info',
    output: loanDetailSchema,
    input: loanInfoInputSchema,
    auth: 'user',
    handle: (ctx, { id }) => loans.detail(ctx, id),
  });

  route({
    method: [...both],
    url: '/api/loan/schedule',
    output: loanScheduleSchema,
    input: loanScheduleInputSchema,
    auth: 'user',
    handle: (ctx, { id }) => loans.schedule(ctx, id),
  });

  route({
    method: ['POST'],
    url: '/api/loan/repay',
    output: loanDetailSchema,
    input: loanRepayInputSchema,
    auth: 'user',
    handle: (ctx, input) => loans.repay(ctx, input),
  });
}
