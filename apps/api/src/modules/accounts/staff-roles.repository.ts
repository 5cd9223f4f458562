/** SQL of custom staff roles: their definitions per brand and who holds them. */
import type { Selectable } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import type { StaffRolesTable } from './staff-roles.table.ts';

export type StaffRoleRow = Selectable<StaffRolesTable>;

export interface NewStaffRole {
  id: string;
  brand: string;
  name: string;
  description: string;
  grants: string;
  now: number;
}

/** A foreign key refused the write (the role is held, or was deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export class StaffRolesRepository {
  constructor(private readonly db: Executor) {}

  async list(brand: string, executor: Executor = this.db): Promise<StaffRoleRow[]> {
    return executor
      .selectFrom('staff_roles')
      .selectAll()
      .where('brand', '=', brand)
      .orderBy('name_key')
      .execute();
  }

  async findById(id: string, executor: Executor = this.db): Promise<StaffRoleRow | undefined> {
    return executor.selectFrom('staff_roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async count(brand: string, executor: Executor): Promise<number> {
    const row = await executor
      .selectFrom('staff_roles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('brand', '=', brand)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(tx: Executor, role: NewStaffRole): Promise<void> {
    await tx
      .insertInto('staff_roles')
      .values({
        id: role.id,
        brand: role.brand,
        name: role.name,
        name_key: role.name.toLowerCase(),
        description: role.description,
        grants: role.grants,
        created_at: role.now,
        updated_at: role.now,
      })
      .execute();
  }

  async update(
    tx: Executor,
    id: string,
    patch: { name: string; description: string; grants: string },
    now: number,
  ): Promise<void> {
    await tx
      .updateTable('staff_roles')
      .set({ ...patch, name_key: patch.name.toLowerCase(), updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a role nobody holds; false when someone does (the foreign key keeps racing holders out). */
  async deleteUnheld(tx: Executor, id: string): Promise<boolean> {
    const result = await tx
      .deleteFrom('staff_roles')
      .where('id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('user_staff_roles').select('user_staff_roles.user_id').where('role_id', '=', id),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Users of the brand holding each custom role, and each built-in role held directly. */
  async holderCounts(brand: string): Promise<Map<string, number>> {
    const custom = await this.db
      .selectFrom('user_staff_roles')
      .innerJoin('staff_roles', 'staff_roles.id', 'user_staff_roles.role_id')
      .select(['staff_roles.id as role', (eb) => eb.fn.countAll().as('n')])
      .where('staff_roles.brand', '=', brand)
      .groupBy('staff_roles.id')
      .execute();
    const builtIn = await this.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['user_roles.role as role', (eb) => eb.fn.countAll().as('n')])
      .where('users.brand', '=', brand)
      .groupBy('user_roles.role')
      .execute();
    return new Map([...custom, ...builtIn].map((r) => [r.role, Number(r.n)]));
  }
}
