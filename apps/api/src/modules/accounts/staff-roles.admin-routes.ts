/** Staff roles as data (`/api/admin/role/...`), admin only; docs/api/admin.md. */

import { noDataSchema, staffRoleSchema } from '@mall/contract';
import {
  adminRoleCreateInputSchema,
  adminRoleDeleteInputSchema,
  adminRoleListInputSchema,
  adminRoleUpdateInputSchema,
} from '@mall/contract/accounts.inputs';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { StaffRolesService } from './staff-roles.service.ts';

const admin = { roles: ['admin'] } as const;

export function staffRoleAdminRoutes(route: DefineRoute, roles: StaffRolesService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/role/list',
    output: z.array(staffRoleSchema),
    input: adminRoleListInputSchema,
    auth: admin,
    handle: (ctx) => roles.list(ctx),
  });
  route({
    method: 'POST',
    url: '/api/admin/role/create',
    output: staffRoleSchema,
    input: adminRoleCreateInputSchema,
    auth: admin,
    handle: (ctx, input) => roles.create(ctx, input),
  });
  route({
    method: 'POST',
    url: '/api/admin/role/update',
    output: staffRoleSchema,
    input: adminRoleUpdateInputSchema,
    auth: admin,
    handle: (ctx, { id: roleId, ...input }) => roles.update(ctx, roleId, input),
  });
  route({
    method: 'POST',
    url: '/api/admin/role/delete',
    output: noDataSchema,
    input: adminRoleDeleteInputSchema,
    auth: admin,
    handle: async (ctx, input) => {
      await roles.remove(ctx, input.id);
      return null;
    },
  });
}
