/** The risk operator's calls under /api/admin/loans/... (docs/api/loans.md), scoped to the host's brand. */
import { ADMIN_LOAN_SORTS, adminLoanSchema, LOAN_RULES, LOAN_STATUSES, pageSchema } from '@mall/contract';
import { z } from 'zod';
import { pageInput, sortOrder } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { LoansService } from './loans.service.ts';

/** Reading the book: risk and admin. Deciding: risk only (as identity reviews). */
const readers = { roles: ['risk', 'admin'] } as const;
const deciders = { roles: ['risk'] } as const;
const loanId = z.string().trim().min(1).max(26);

export function loanAdminRoutes(route: DefineRoute, loans: LoansService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/loans/list',
    output: pageSchema(adminLoanSchema),
    input: z.object({
      ...pageInput(20),
      status: z
        .enum(LOAN_STATUSES as unknown as ['applying', 'success', 'failed', 'repaid', 'overdue'])
        .optional(),
      userId: z.string().trim().max(26).optional(),
      serialNo: z.string().trim().max(32).optional(),
      keyword: z.string().trim().max(64).optional(),
      sort: z.enum(ADMIN_LOAN_SORTS).default('applyTime'),
      order: sortOrder(),
    }),
    auth: readers,
    handle: (ctx, { pageNum, pageSize, userId, serialNo, keyword, ...rest }) =>
      loans.adminList(
        ctx,
        {
          ...rest,
          userId: userId || undefined,
          serialNo: serialNo || undefined,
          keyword: keyword || undefined,
        },
        { pageNum, pageSize },
      ),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/loans/info',
    output: adminLoanSchema,
    input: z.object({ id: loanId }),
    auth: readers,
    handle: (ctx, { id }) => loans.adminInfo(ctx, id),
  });

  route({
    method: ['POST'],
    url: '/api/admin/loans/approve',
    output: adminLoanSchema,
    input: z.object({ id: loanId, remark: z.string().trim().max(LOAN_RULES.reasonMax).optional() }),
    auth: deciders,
    handle: (ctx, { id, remark }) => loans.approve(ctx, id, remark || null),
  });

  route({
    method: ['POST'],
    url: '/api/admin/loans/refuse',
    output: adminLoanSchema,
    input: z.object({ id: loanId, reason: z.string().trim().min(1).max(LOAN_RULES.reasonMax) }),
    auth: deciders,
    handle: (ctx, { id, reason }) => loans.refuse(ctx, id, reason),
  });
}
