/** The risk operator's calls under /api/admin/loans/... (docs/api/loans.md), scoped to the host's brand. */

import { adminLoanSchema, pageSchema } from '@mall/contract';
import {
  adminLoansApproveInputSchema,
  adminLoansInfoInputSchema,
  adminLoansListInputSchema,
  adminLoansRefuseInputSchema,
} from '@mall/contract/loans.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { LoansService } from './loans.service.ts';

/** Reading the book: risk and admin. Deciding: risk only (as identity reviews). */
const readers = { roles: ['risk', 'admin'] } as const;
const deciders = { roles: ['risk'] } as const;

export function loanAdminRoutes(route: DefineRoute, loans: LoansService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/loans/list',
    output: pageSchema(adminLoanSchema),
    input: adminLoansListInputSchema,
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
    input: adminLoansInfoInputSchema,
    auth: readers,
    handle: (ctx, { id }) => loans.adminInfo(ctx, id),
  });

  route({
    method: ['POST'],
    url: '/api/admin/loans/approve',
    output: adminLoanSchema,
    input: adminLoansApproveInputSchema,
    auth: deciders,
    handle: (ctx, { id, remark }) => loans.approve(ctx, id, remark || null),
  });

  route({
    method: ['POST'],
    url: '/api/admin/loans/refuse',
    output: adminLoanSchema,
    input: adminLoansRefuseInputSchema,
    auth: deciders,
    handle: (ctx, { id, reason }) => loans.refuse(ctx, id, reason),
  });
}
