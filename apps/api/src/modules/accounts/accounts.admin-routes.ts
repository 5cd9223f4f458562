/** Staff calls on users, identity reviews and the audit log (`/api/admin/...`), role-guarded. */
import {
  ADMIN_AUDIT_SORTS,
  ADMIN_USER_SORTS,
  type AdminAuditEntryDto,
  type AdminUserDetailDto,
  adminAuditEntrySchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminVerificationSchema,
  noDataSchema,
  type OrderCountsDto,
  type OrderDto,
  PAGE_SIZES,
  type Page,
  pageSchema,
  ROLES,
  STAFF_ROLE_RULES,
  STAFF_ROLES,
  USER_STATUSES,
  VERIFICATION_STATUSES,
  type WalletBalanceDto,
} from '@mall/contract';
import { z } from 'zod';
import { offsetOf, pageInput, pageOf, sortOrder } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AuditService } from '../audit/index.ts';
import type { AccountsService } from './accounts.service.ts';
import type { IdentityService } from './identity.service.ts';

const id = z.string().min(1).max(64);
const remark = z.string().max(255).default('');
const wireTimeOrDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/);
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

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
    input: z.object({
      ...pageInput(PAGE_SIZES.user),
      keyword: z.string().trim().max(64).optional(),
      status: z.enum(USER_STATUSES).optional(),
      /** A built-in role held, or a custom staff role's id. */
      role: z.union([z.enum(ROLES), z.string().length(26)]).optional(),
      /** Only users holding a console role (the staff list). */
      staff: flag.optional(),
      sort: z.enum(ADMIN_USER_SORTS).default('createTime'),
      order: sortOrder(),
    }),
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
    input: z.object({ id }),
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
      input: z.object({ userId: id, remark }),
      auth: { roles: ['admin'] },
      handle: (ctx, input) => accounts.adminSetStatus(ctx, input.userId, status, input.remark),
    });
  }
  route({
    method: 'POST',
    url: '/api/admin/user/businessLock',
    output: adminUserSchema,
    input: z.object({ userId: id, locked: flag, remark }),
    auth: { roles: ['admin', 'risk'] },
    handle: (ctx, input) => accounts.adminSetBusinessLock(ctx, input.userId, input.locked, input.remark),
  });
  route({
    method: 'POST',
    url: '/api/admin/user/roles',
    output: adminUserSchema,
    input: z
      .object({
        userId: id,
        /** Built-in roles held directly (replaced when given). */
        roles: z.array(z.enum(ROLES)).max(ROLES.length).optional(),
        /** Custom staff roles held (replaced when given). */
        staffRoleIds: z.array(z.string().length(26)).max(STAFF_ROLE_RULES.maxPerBrand).optional(),
      })
      .refine((v) => v.roles !== undefined || v.staffRoleIds !== undefined, { path: ['roles'] }),
    auth: { roles: ['admin'] },
    handle: (ctx, { userId, ...change }) => accounts.adminSetRoles(ctx, userId, change),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/identity/list',
    output: pageSchema(adminVerificationSchema),
    input: z.object({
      ...pageInput(PAGE_SIZES.user),
      kind: z.enum(['realname', 'c3']).optional(),
      status: z.enum(VERIFICATION_STATUSES).optional(),
      /** Part of the user name or real name, or the ID number or user id exactly. */
      keyword: z.string().trim().max(64).optional(),
      order: sortOrder('asc'),
    }),
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
    input: z.object({ id, approve: flag, remark }),
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
    input: z.object({
      ...pageInput(PAGE_SIZES.user),
      targetType: z.string().max(32).optional(),
      targetId: z.string().max(64).optional(),
      actorId: z.string().max(26).optional(),
      /** The actor by user name, e-mail or id (none of the brand: an empty page). */
      actor: z.string().trim().max(64).optional(),
      action: z.string().max(64).optional(),
      from: wireTimeOrDay.optional(),
      to: wireTimeOrDay.optional(),
      sort: z.enum(ADMIN_AUDIT_SORTS).default('time'),
      order: sortOrder(),
    }),
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
    input: z.object({}),
    auth: { roles: ['admin'] },
    handle: (ctx) => audit.actions(ctx.brand.key),
  });
}

/** What the users page's drawer shows beside the user: read from the wallet and orders modules. */
export interface UserFigures {
  balance(userId: string): Promise<WalletBalanceDto>;
  orderCounts(userId: string): Promise<OrderCountsDto>;
  recentOrders(ctx: RequestContext, userId: string, count: number): Promise<OrderDto[]>;
}

export function userDetailRoutes(route: DefineRoute, accounts: AccountsService, figures: UserFigures): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/user/detail',
    output: adminUserDetailSchema,
    input: z.object({ id }),
    auth: { roles: STAFF_ROLES },
    handle: async (ctx, input): Promise<AdminUserDetailDto> => {
      const user = await accounts.adminGet(ctx, input.id);
      const [wallet, orderCounts, recentOrders] = await Promise.all([
        figures.balance(user.id),
        figures.orderCounts(user.id),
        figures.recentOrders(ctx, user.id, 5),
      ]);
      return { user, wallet, orderCounts, recentOrders };
    },
  });
}
