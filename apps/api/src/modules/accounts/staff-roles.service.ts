/**
 * Staff roles as data (SPEC §6: role names unique; a role held by users cannot be deleted). The
 * built-in roles are fixed; a brand adds custom roles, each granting one or more built-in roles'
 * capabilities, so every route check stays a check of built-in roles (docs/decisions.md).
 */
import {
  GRANTABLE_ROLES,
  ROLES,
  type Role,
  STAFF_ROLE_RULES,
  type StaffRoleDto,
  toWireTime,
} from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { AuditService } from '../audit/index.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { AccountsService } from './accounts.service.ts';
import { assertStillAdmin, lockAsAdmin } from './staff-guard.ts';
import {
  isForeignKeyViolation,
  type StaffRoleRow,
  type StaffRolesRepository,
} from './staff-roles.repository.ts';

export interface StaffRoleInput {
  name: string;
  description: string;
  grants: Role[];
}

// Letters of any script, digits, spaces and common punctuation; no control or format characters.
const NAME_PATTERN = /^[^\p{C}]+$/u;

function cleanName(raw: string): string {
  const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > STAFF_ROLE_RULES.nameMax || !NAME_PATTERN.test(name)) {
    throw new AppError('ROLE_NAME_FORMAT');
  }
  // The built-in names are taken, whatever the case.
  if ((ROLES as readonly string[]).includes(name.toLowerCase())) throw new AppError('ROLE_NAME_DUPLICATE');
  return name;
}

function cleanGrants(grants: readonly Role[]): Role[] {
  const set = new Set(grants);
  const out = GRANTABLE_ROLES.filter((r) => set.has(r));
  if (out.length === 0) throw new AppError('ROLE_GRANTS_REQUIRED');
  return out;
}

function toDto(row: StaffRoleRow, userCount: number): StaffRoleDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    grants: row.grants.split(',').filter((g): g is Role => (ROLES as readonly string[]).includes(g)),
    system: false,
    userCount,
    createTime: toWireTime(row.created_at),
    updateTime: toWireTime(row.updated_at),
  };
}

const auditView = (dto: StaffRoleDto) => ({
  name: dto.name,
  description: dto.description,
  grants: dto.grants,
});

export class StaffRolesService {
  constructor(
    private readonly db: Executor,
    private readonly repository: StaffRolesRepository,
    private readonly accountsRepository: AccountsRepository,
    private readonly accounts: AccountsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The built-in roles first (fixed), then the brand's custom roles by name, with their holders. */
  async list(ctx: RequestContext): Promise<StaffRoleDto[]> {
    const counts = await this.repository.holderCounts(ctx.brand.key);
    const system: StaffRoleDto[] = ROLES.map((role) => ({
      id: role,
      name: role,
      description: '',
      grants: [role],
      system: true,
      userCount: counts.get(role) ?? 0,
      createTime: null,
      updateTime: null,
    }));
    const custom = (await this.repository.list(ctx.brand.key)).map((r) => toDto(r, counts.get(r.id) ?? 0));
    return [...system, ...custom];
  }

  private async custom(ctx: RequestContext, id: string, executor?: Executor): Promise<StaffRoleRow> {
    if ((ROLES as readonly string[]).includes(id)) throw new AppError('ROLE_BUILT_IN');
    const row = await this.repository.findById(id, executor);
    if (!row || row.brand !== ctx.brand.key) throw new AppError('ROLE_NOT_FOUND');
    return row;
  }

  async create(ctx: RequestContext, input: StaffRoleInput): Promise<StaffRoleDto> {
    const name = cleanName(input.name);
    const grants = cleanGrants(input.grants);
    const id = newId();
    const now = this.clock.now();
    await this.write(async (tx) => {
      const actorId = await lockAsAdmin(this.accountsRepository, tx, ctx);
      if ((await this.repository.count(ctx.brand.key, tx)) >= STAFF_ROLE_RULES.maxPerBrand) {
        throw new AppError('ROLE_LIMIT');
      }
      const role = {
        id,
        brand: ctx.brand.key,
        name,
        description: input.description.trim(),
        grants: grants.join(','),
        now,
      };
      await this.repository.insert(tx, role);
      const created = await this.custom(ctx, id, tx);
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId,
        action: 'role.create',
        targetType: 'role',
        targetId: id,
        after: auditView(toDto(created, 0)),
      });
    });
    return toDto(await this.custom(ctx, id), 0);
  }

  /** Renames, describes and re-grants a custom role; its holders' rights change at once. */
  async update(ctx: RequestContext, id: string, input: StaffRoleInput): Promise<StaffRoleDto> {
    await this.custom(ctx, id);
    const name = cleanName(input.name);
    const grants = cleanGrants(input.grants);
    let grantsChanged = false;
    await this.write(async (tx) => {
      const actorId = await lockAsAdmin(this.accountsRepository, tx, ctx);
      const before = toDto(await this.custom(ctx, id, tx), 0);
      grantsChanged = before.grants.join(',') !== grants.join(',');
      await this.repository.update(
        tx,
        id,
        { name, description: input.description.trim(), grants: grants.join(',') },
        this.clock.now(),
      );
      // Taking admin away from a role the actor holds would take it from the actor.
      if (grantsChanged) await assertStillAdmin(this.accountsRepository, tx, actorId);
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId,
        action: 'role.update',
        targetType: 'role',
        targetId: id,
        before: auditView(before),
        after: auditView(toDto(await this.custom(ctx, id, tx), 0)),
      });
    });
    if (grantsChanged) await this.accounts.forgetAll();
    const counts = await this.repository.holderCounts(ctx.brand.key);
    return toDto(await this.custom(ctx, id), counts.get(id) ?? 0);
  }

  /** Deletes a custom role nobody holds (ROLE_IN_USE otherwise). */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.custom(ctx, id);
    await this.write(async (tx) => {
      const actorId = await lockAsAdmin(this.accountsRepository, tx, ctx);
      const before = toDto(await this.custom(ctx, id, tx), 0);
      if (!(await this.repository.deleteUnheld(tx, id))) throw new AppError('ROLE_IN_USE');
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId,
        action: 'role.delete',
        targetType: 'role',
        targetId: id,
        before: auditView(before),
      });
    });
  }

  /** One transaction; a name taken meanwhile or a holder added meanwhile become catalogue errors. */
  private async write(work: (tx: Executor) => Promise<void>): Promise<void> {
    try {
      await inTransaction(this.db, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ROLE_NAME_DUPLICATE');
      if (isForeignKeyViolation(error)) throw new AppError('ROLE_IN_USE');
      throw error;
    }
  }
}
