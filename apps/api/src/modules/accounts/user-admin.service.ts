/** Staff actions on users (console): search, lock, business lock, roles; each audited. */
import type { AdminUserDto, Role } from '@mall/contract';
import { inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { UserRow, UserSearch } from './accounts.repository.ts';
import { type AccountDeps, LOGIN_FAILURES_ALLOWED, toLocalUser } from './accounts.rules.ts';
import { findLogin, loginFailuresToday } from './accounts.steps.ts';
import { assertStillAdmin, lockAsAdmin } from './staff-guard.ts';
import { isForeignKeyViolation } from './staff-roles.repository.ts';

export class UserAdmin {
  constructor(private readonly d: AccountDeps) {}

  async adminList(ctx: RequestContext, search: Omit<UserSearch, 'brand'>, limit: number, offset: number) {
    const { rows, total } = await this.d.repository.search(
      { ...search, brand: ctx.brand.key },
      limit,
      offset,
    );
    const out: AdminUserDto[] = [];
    for (const row of rows) out.push(await this.toAdmin(row));
    return { rows: out, total };
  }

  async adminGet(ctx: RequestContext, idOrName: string): Promise<AdminUserDto> {
    const user =
      (await this.d.repository.findById(idOrName)) ??
      (await findLogin(this.d, ctx.brand.key, idOrName, undefined));
    if (!user) throw new AppError('USERNAME_NOT_FOUND');
    if (user.brand !== ctx.brand.key) throw new AppError('UNAUTHORIZED_ACCESS');
    return this.toAdmin(user);
  }

  private async toAdmin(user: UserRow): Promise<AdminUserDto> {
    const effective = (await this.d.repository.findWithRoles(user.id))?.roles ?? [];
    const heldRoles = await this.d.repository.rolesOf(user.id);
    const staffRoles = await this.d.repository.staffRolesOf(user.id);
    const failures = await loginFailuresToday(this.d, user.brand, user.id);
    return {
      ...toLocalUser(user, effective),
      heldRoles,
      staffRoles,
      brand: user.brand,
      invitedBy: user.invited_by,
      agentCode: user.agent_code,
      loginLockedToday: failures > LOGIN_FAILURES_ALLOWED,
      businessLocked: Number(user.business_locked) === 1,
    };
  }

  private async target(ctx: RequestContext, userId: string, allowSelf = false): Promise<UserRow> {
    const user = await this.d.repository.findById(userId);
    if (!user) throw new AppError('USERNAME_NOT_FOUND');
    if (user.brand !== ctx.brand.key) throw new AppError('UNAUTHORIZED_ACCESS');
    if (!allowSelf && user.id === ctx.actor?.userId) throw new AppError('CANNOT_ACT_ON_SELF');
    return user;
  }

  /** lock / disable / unlock a user (admin); locking or disabling ends every session at once. */
  async adminSetStatus(
    ctx: RequestContext,
    userId: string,
    status: 'active' | 'locked' | 'disabled',
    remark: string,
  ) {
    const user = await this.target(ctx, userId);
    if (user.status === 'cancelled') throw new AppError('USER_LOCKED');
    const now = this.d.clock.now();
    await inTransaction(this.d.db, async (tx) => {
      // Two admins locking each other at once: the second finds itself locked and is refused.
      await lockAsAdmin(this.d.repository, tx, ctx);
      if (status === 'disabled') await this.d.closingGuard(tx, user.id);
      await this.d.repository.setStatus(tx, user.id, status, now);
      if (status === 'active') await this.d.repository.clearFailures(user.brand, `u:${user.id}`, tx);
      await this.d.audit.record(tx, {
        brand: user.brand,
        actorId: ctx.actor?.userId ?? '',
        action: status === 'active' ? 'user.unlock' : status === 'locked' ? 'user.lock' : 'user.disable',
        targetType: 'user',
        targetId: user.id,
        before: { status: user.status },
        after: { status, remark },
      });
    });
    if (status !== 'active') await this.d.sessions.revokeAllForUser(user.id);
    await this.d.forget(user.id);
    return this.adminGet(ctx, user.id);
  }

  async adminSetBusinessLock(ctx: RequestContext, userId: string, locked: boolean, remark: string) {
    const user = await this.target(ctx, userId);
    await inTransaction(this.d.db, async (tx) => {
      await this.d.repository.setBusinessLocked(tx, user.id, locked, this.d.clock.now());
      await this.d.audit.record(tx, {
        brand: user.brand,
        actorId: ctx.actor?.userId ?? '',
        action: locked ? 'user.business-lock' : 'user.business-unlock',
        targetType: 'user',
        targetId: user.id,
        before: { businessLocked: Number(user.business_locked) === 1 },
        after: { businessLocked: locked, remark },
      });
    });
    await this.d.forget(user.id);
    return this.adminGet(ctx, user.id);
  }

  /**
   * Sets the built-in roles a user holds and/or the custom staff roles (each list replaced when
   * given). An admin may change their own roles but not lose admin by it (ADMIN_SELF_DEMOTION).
   */
  async adminSetRoles(
    ctx: RequestContext,
    userId: string,
    change: { roles?: Role[] | undefined; staffRoleIds?: string[] | undefined },
  ) {
    const user = await this.target(ctx, userId, true);
    const roles = change.roles && [...new Set(change.roles)].sort();
    const staffRoleIds = change.staffRoleIds && [...new Set(change.staffRoleIds)];
    if (staffRoleIds) {
      const known = await this.d.repository.staffRolesIn(user.brand, staffRoleIds);
      if (known.length !== staffRoleIds.length) throw new AppError('ROLE_NOT_FOUND');
    }
    const now = this.d.clock.now();
    await inTransaction(this.d.db, async (tx) => {
      const actorId = await lockAsAdmin(this.d.repository, tx, ctx);
      const before = {
        roles: await this.d.repository.rolesOf(user.id, tx),
        staffRoles: (await this.d.repository.staffRolesOf(user.id, tx)).map((r) => r.name),
      };
      if (roles) await this.d.repository.replaceRoles(tx, user.id, roles, now);
      if (staffRoleIds) {
        try {
          await this.d.repository.replaceStaffRoles(tx, user.id, staffRoleIds, now);
        } catch (error) {
          // Deleted by another admin since it was checked above.
          if (isForeignKeyViolation(error)) throw new AppError('ROLE_NOT_FOUND');
          throw error;
        }
      }
      await assertStillAdmin(this.d.repository, tx, actorId);
      await this.d.audit.record(tx, {
        brand: user.brand,
        actorId,
        action: 'user.roles',
        targetType: 'user',
        targetId: user.id,
        before,
        after: {
          roles: await this.d.repository.rolesOf(user.id, tx),
          staffRoles: (await this.d.repository.staffRolesOf(user.id, tx)).map((r) => r.name),
        },
      });
    });
    await this.d.forget(user.id);
    return this.adminGet(ctx, user.id);
  }
}
