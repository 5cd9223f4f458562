/** Staff calls on users, identity reviews and the audit log (`/api/admin/...`), role-guarded. */

import {
  type AdminAuditEntryDto,
  type AdminUserDetailDto,
  type AdminUserLoanDto,
  adminAuditEntrySchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminVerificationSchema,
  noDataSchema,
  type OrderCountsDto,
  type OrderDto,
  type Page,
  pageSchema,
  type Role,
  STAFF_ROLES,
  type WalletBalanceDto,
  type WalletRecordDto,
} from '@mall/contract';
import {
  adminAuditActionsInputSchema,
  adminAuditListInputSchema,
  adminIdentityListInputSchema,
  adminIdentityReviewInputSchema,
  adminUserBusinessLockInputSchema,
  adminUserDetailInputSchema,
  adminUserInfoInputSchema,
  adminUserListInputSchema,
  adminUserRolesInputSchema,
  adminUserStatusInputSchema,
} from '@mall/contract/accounts.inputs';
import { z } from 'zod';
import { offsetOf, pageOf } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AuditService } from '../audit/index.ts';
import type { AccountsService } from './accounts.service.ts';
import type { IdentityService } from './identity.service.ts';

export function accountAdminRoutes(
  route: DefineRoute,
  accounts: AccountsService,
  identity: IdentityService,
  audit: AuditService,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/list',
    output: pageSchema(adminUserSchema),
    input: adminUserListInputSchema,
    auth: { roles: STAFF_ROLES },
    handle: async (ctx, { pageNum, pageSize, ...search }) => {
      const page = { pageNum, pageSize };
      const { rows, total } = await accounts.adminList(ctx, search, pageSize, offsetOf(page));
      return pageOf(rows, total, page);
    },
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/info',
    output: adminUserSchema,
    input: adminUserInfoInputSchema,
    auth: { roles: STAFF_ROLES },
    handle: (ctx, input) => accounts.adminGet(ctx, input.id),
  });
  for (const [path, status] of [
    ['lock', 'locked'],
    ['disable', 'disabled'],
    ['unlock', 'active'],
  ] as const) {
    route({
      method: 'POST',
      url: `/api/admin/user/${path}`,
      output: adminUserSchema,
      input: adminUserStatusInputSchema,
      auth: { roles: ['admin'] },
      handle: (ctx, input) => accounts.adminSetStatus(ctx, input.userId, status, input.remark),
    });
  }
  route({
    method: 'POST',
    url: '/api/admin/user/businessLock',
    output: adminUserSchema,
    input: adminUserBusinessLockInputSchema,
    auth: { roles: ['admin', 'risk'] },
    handle: (ctx, input) => accounts.adminSetBusinessLock(ctx, input.userId, input.locked, input.remark),
  });
  route({
    method: 'POST',
    url: '/api/admin/user/roles',
    output: adminUserSchema,
    input: adminUserRolesInputSchema,
    auth: { roles: ['admin'] },
    handle: (ctx, { userId, ...change }) => accounts.adminSetRoles(ctx, userId, change),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/identity/list',
    output: pageSchema(adminVerificationSchema),
    input: adminIdentityListInputSchema,
    auth: { roles: ['risk', 'admin'] },
    handle: async (ctx, { pageNum, pageSize, kind, status, keyword, order }) => {
      const page = { pageNum, pageSize };
      const filter = { kind, status, keyword: keyword || undefined, order };
      const { rows, total } = await identity.adminList(ctx, filter, pageSize, offsetOf(page));
      return pageOf(rows, total, page);
    },
  });
  route({
    method: 'POST',
    url: '/api/admin/identity/review',
    output: noDataSchema,
    input: adminIdentityReviewInputSchema,
    auth: { roles: ['risk'] },
    handle: async (ctx, input) => {
      await identity.review(ctx, input.id, input.approve, input.remark);
      return null;
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/audit/list',
    output: pageSchema(adminAuditEntrySchema),
    input: adminAuditListInputSchema,
    auth: { roles: ['admin'] },
    handle: async (ctx, { pageNum, pageSize, actor, ...filter }): Promise<Page<AdminAuditEntryDto>> => {
      const page = { pageNum, pageSize };
      if (actor) {
        const actorId = await accounts.findUserId(ctx, actor);
        if (!actorId || (filter.actorId && filter.actorId !== actorId)) return pageOf([], 0, page);
        filter.actorId = actorId;
      }
      const { rows, total } = await audit.list({ brand: ctx.brand.key, ...filter }, page);
      const names = await accounts.namesOf(
        ctx,
        rows.map((r) => r.actorId),
      );
      return pageOf(
        rows.map((r) => ({ ...r, actorName: names.get(r.actorId) ?? null })),
        total,
        page,
      );
    },
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/audit/actions',
    output: z.array(z.string()),
    input: adminAuditActionsInputSchema,
    auth: { roles: ['admin'] },
    handle: (ctx) => audit.actions(ctx.brand.key),
  });
}

type Latest<T> = Promise<{ total: number; list: T[] }>;

/**
 * What the user view shows beside the user, each read through its owning module's service (wired in
 * app.ts): wallet, orders, loans, and the wallet's deposit and withdrawal records.
 */
export interface UserFigures {
  balance(userId: string): Promise<WalletBalanceDto>;
  orderCounts(userId: string): Promise<OrderCountsDto>;
  recentOrders(ctx: RequestContext, userId: string, count: number): Promise<OrderDto[]>;
  loans(userId: string, count: number): Latest<AdminUserLoanDto>;
  deposits(userId: string, count: number): Latest<WalletRecordDto>;
  withdrawals(userId: string, count: number): Latest<WalletRecordDto>;
}

/** How many of each list the user view shows (the newest). */
const LATEST = 5;
/** The audit entries carry operators' before/after values: shown to these roles only. */
const AUDIT_READERS: readonly Role[] = ['admin', 'finance', 'risk'];

export function userDetailRoutes(
  route: DefineRoute,
  accounts: AccountsService,
  audit: AuditService,
  figures: UserFigures,
): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/detail',
    output: adminUserDetailSchema,
    input: adminUserDetailInputSchema,
    auth: { roles: STAFF_ROLES },
    handle: async (ctx, input): Promise<AdminUserDetailDto> => {
      const user = await accounts.adminGet(ctx, input.id);
      const readsAudit = ctx.actor?.roles.some((r) => AUDIT_READERS.includes(r)) ?? false;
      const [wallet, orderCounts, recentOrders, loans, deposits, withdrawals, entries] = await Promise.all([
        figures.balance(user.id),
        figures.orderCounts(user.id),
        figures.recentOrders(ctx, user.id, LATEST),
        figures.loans(user.id, LATEST),
        figures.deposits(user.id, LATEST),
        figures.withdrawals(user.id, LATEST),
        readsAudit
          ? audit.list({ brand: ctx.brand.key, about: user.id }, { pageNum: 1, pageSize: LATEST })
          : { rows: [], total: 0 },
      ]);
      const names = await accounts.namesOf(
        ctx,
        entries.rows.map((r) => r.actorId),
      );
      return {
        user,
        wallet,
        orderCounts,
        recentOrders,
        loans,
        deposits,
        withdrawals,
        audit: {
          total: entries.total,
          list: entries.rows.map((r) => ({ ...r, actorName: names.get(r.actorId) ?? null })),
        },
      };
    },
  });
}
