/** Staff roles as data (`/api/admin/role/...`), admin only; docs/api/admin.md. */
import { GRANTABLE_ROLES, noDataSchema, type Role, STAFF_ROLE_RULES, staffRoleSchema } from '@mall/contract';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { StaffRolesService } from './staff-roles.service.ts';

const grantable = GRANTABLE_ROLES as readonly [Role, ...Role[]];
const body = {
  // Checked by the service (ROLE_NAME_FORMAT): only absurd lengths stop here.
  name: z.string().max(255),
  description: z.string().max(STAFF_ROLE_RULES.descriptionMax).default(''),
  grants: z.array(z.enum(grantable)).max(GRANTABLE_ROLES.length),
};
const id = z.string().trim().min(1).max(26);
const admin = { roles: ['admin'] } as const;

export function staffRoleAdminRoutes(route: DefineRoute, roles: StaffRolesService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/role/list',
    output: z.array(staffRoleSchema),
    input: z.object({}),
    auth: admin,
    handle: (ctx) => roles.list(ctx),
  });
  route({
    method: 'POST',
    url: '/api/admin/role/create',
    output: staffRoleSchema,
    input: z.object(body),
    auth: admin,
    handle: (ctx, input) => roles.create(ctx, input),
  });
  route({
    method: 'POST',
    url: '/api/admin/role/update',
    output: staffRoleSchema,
    input: z.object({ id, ...body }),
    auth: admin,
    handle: (ctx, { id: roleId, ...input }) => roles.update(ctx, roleId, input),
  });
  route({
    method: 'POST',
    url: '/api/admin/role/delete',
    output: noDataSchema,
    input: z.object({ id }),
    auth: admin,
    handle: async (ctx, input) => {
      await roles.remove(ctx, input.id);
      return null;
    },
  });
}
