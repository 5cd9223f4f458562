/** SQL of the accounts module: users, roles, sign-in counters, codes, slide challenges, identities. */
import { type AdminUserSort, isRole, type Role, STAFF_ROLES } from '@mall/contract';
import { PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { precompiled } from '../../core/db/precompiled.ts';
import type { UsersTable } from './accounts.table.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  id: string;
  brand: string;
  usercode: string;
  username: string;
  email: string | null;
  areaCode: string | null;
  phone: string | null;
  passwordHash: string;
  invitedBy: string | null;
  agentCode: string | null;
  lang: string;
  now: number;
}

export type LoginKind = 'email' | 'phone' | 'username';

export interface UserSearch {
  brand: string;
  keyword?: string | undefined;
  status?: string | undefined;
  /** A built-in role held, or a custom staff role's id. */
  role?: string | undefined;
  /** Only users holding a console role (built-in or custom). */
  staff?: boolean | undefined;
  sort?: AdminUserSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** Role names and comma lists of granted roles, merged into one sorted set of built-in roles. */
export function effectiveRoles(values: readonly (string | null)[]): Role[] {
  const out = new Set<Role>();
  for (const value of values) {
    if (value === null) continue;
    for (const part of value.split(',')) if (isRole(part)) out.add(part);
  }
  return [...out].sort();
}

// Read on every payment and checkout (twice), compiled once (core/db/precompiled.ts).
const selectUser = precompiled<{ id: string }, UserRow>((db, p) =>
  db.selectFrom('users').selectAll().where('id', '=', p.id),
);
const selectUserForUpdate = precompiled<{ id: string }, UserRow>((db, p) =>
  db.selectFrom('users').selectAll().where('id', '=', p.id).forUpdate(),
);

export class AccountsRepository {
  constructor(private readonly db: Executor) {}

  private ex(executor?: Executor): Executor {
    return executor ?? this.db;
  }

  async findById(id: string, executor?: Executor): Promise<UserRow | undefined> {
    return (await selectUser(this.ex(executor), { id })).rows[0];
  }

  /**
   * The user and what they may do, in one round trip (every authenticated request runs this): the
   * built-in roles held plus those granted by custom staff roles (comma lists, split here).
   */
  async findWithRoles(
    id: string,
    executor?: Executor,
  ): Promise<{ user: UserRow; roles: Role[] } | undefined> {
    const db = this.ex(executor);
    const held = db
      .selectFrom('user_roles')
      .select(['user_roles.user_id as uid', 'user_roles.role as role'])
      .where('user_roles.user_id', '=', id);
    const granted = db
      .selectFrom('user_staff_roles')
      .innerJoin('staff_roles', 'staff_roles.id', 'user_staff_roles.role_id')
      .select(['user_staff_roles.user_id as uid', 'staff_roles.grants as role'])
      .where('user_staff_roles.user_id', '=', id);
    const rows = await db
      .selectFrom('users')
      .leftJoin(held.unionAll(granted).as('r'), 'r.uid', 'users.id')
      .selectAll('users')
      .select('r.role')
      .where('users.id', '=', id)
      .execute();
    const first = rows[0];
    if (!first) return undefined;
    const { role: _role, ...user } = first;
    return { user: user as UserRow, roles: effectiveRoles(rows.map((r) => r.role)) };
  }

  async findByLogin(brand: string, kind: LoginKind, key: string): Promise<UserRow | undefined> {
    const column = kind === 'email' ? 'email' : kind === 'phone' ? 'phone_key' : 'username_key';
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('brand', '=', brand)
      .where(column, '=', key)
      .executeTakeFirst();
  }

  async findByUsercode(brand: string, usercode: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('brand', '=', brand)
      .where('usercode', '=', usercode)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
  }

  /** Which of the given identities are already taken in the brand. */
  async taken(
    brand: string,
    ids: { email?: string | null; phoneKey?: string | null; usernameKey?: string | null },
  ): Promise<{ email: boolean; phone: boolean; username: boolean }> {
    const rows = await this.db
      .selectFrom('users')
      .select(['email', 'phone_key', 'username_key'])
      .where('brand', '=', brand)
      .where((eb) =>
        eb.or([
          ...(ids.email ? [eb('email', '=', ids.email)] : []),
          ...(ids.phoneKey ? [eb('phone_key', '=', ids.phoneKey)] : []),
          ...(ids.usernameKey ? [eb('username_key', '=', ids.usernameKey)] : []),
          sql<boolean>`1 = 0`,
        ]),
      )
      .execute();
    return {
      email: !!ids.email && rows.some((r) => r.email === ids.email),
      phone: !!ids.phoneKey && rows.some((r) => r.phone_key === ids.phoneKey),
      username: !!ids.usernameKey && rows.some((r) => r.username_key === ids.usernameKey),
    };
  }

  async cancelledSince(
    brand: string,
    kind: 'email' | 'phone',
    value: string,
    since: number,
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('cancelled_identities')
      .select('id')
      .where('brand', '=', brand)
      .where('kind', '=', kind)
      .where('value', '=', value)
      .where('cancelled_at', '>', BigInt(since))
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertUser(tx: Executor, u: NewUser, roles: readonly Role[]): Promise<void> {
    await tx
      .insertInto('users')
      .values({
        id: u.id,
        brand: u.brand,
        usercode: u.usercode,
        username: u.username,
        username_key: u.username.toLowerCase(),
        email: u.email,
        area_code: u.areaCode,
        phone: u.phone,
        phone_key: u.areaCode && u.phone ? `${u.areaCode}-${u.phone}` : null,
        password_hash: u.passwordHash,
        fund_password_hash: null,
        fund_failures: 0,
        fund_locked_until: null,
        status: 'active',
        business_locked: 0,
        avatar: 1,
        invited_by: u.invitedBy,
        agent_code: u.agentCode,
        realname_status: 'none',
        c3_status: 'none',
        real_name: null,
        lang: u.lang,
        created_at: u.now,
        updated_at: u.now,
        last_login_at: null,
        cancelled_at: null,
      })
      .execute();
    for (const role of roles) {
      await tx.insertInto('user_roles').values({ user_id: u.id, role, created_at: u.now }).execute();
    }
  }

  async rolesOf(userId: string, executor?: Executor): Promise<Role[]> {
    const rows = await this.ex(executor)
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .orderBy('role')
      .execute();
    return rows.map((r) => r.role as Role);
  }

  async replaceRoles(tx: Executor, userId: string, roles: readonly Role[], now: number): Promise<void> {
    await tx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    for (const role of roles)
      await tx.insertInto('user_roles').values({ user_id: userId, role, created_at: now }).execute();
  }

  /** The custom roles a user holds, by name. */
  async staffRolesOf(userId: string, executor?: Executor): Promise<{ id: string; name: string }[]> {
    return this.ex(executor)
      .selectFrom('user_staff_roles')
      .innerJoin('staff_roles', 'staff_roles.id', 'user_staff_roles.role_id')
      .select(['staff_roles.id as id', 'staff_roles.name as name'])
      .where('user_staff_roles.user_id', '=', userId)
      .orderBy('staff_roles.name_key')
      .execute();
  }

  async replaceStaffRoles(
    tx: Executor,
    userId: string,
    roleIds: readonly string[],
    now: number,
  ): Promise<void> {
    await tx.deleteFrom('user_staff_roles').where('user_id', '=', userId).execute();
    for (const roleId of roleIds) {
      await tx
        .insertInto('user_staff_roles')
        .values({ user_id: userId, role_id: roleId, created_at: now })
        .execute();
    }
  }

  /** Which of these custom role ids exist in the brand. */
  async staffRolesIn(brand: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('staff_roles')
      .select('id')
      .where('brand', '=', brand)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** User names by id (the audit log shows who acted). */
  /** Ids of the users named exactly `username`, in any brand. */
  async idsNamed(username: string): Promise<string[]> {
    const rows = await this.db.selectFrom('users').select('id').where('username', '=', username).execute();
    return rows.map((r) => r.id);
  }

  async usernames(brand: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('brand', '=', brand)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  async touchLogin(id: string, now: number): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: now }).where('id', '=', id).execute();
  }

  // ---- sign-in failures per day --------------------------------------------------------------

  async attempts(brand: string, key: string): Promise<{ day: number; failures: number } | undefined> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select(['day', 'failures'])
      .where('brand', '=', brand)
      .where('login_key', '=', key)
      .executeTakeFirst();
    return row ? { day: Number(row.day), failures: Number(row.failures) } : undefined;
  }

  /** Counts one refused sign-in atomically (a single upsert) and answers today's count. */
  async countFailure(brand: string, key: string, day: number, now: number): Promise<number> {
    const row = await this.db
      .insertInto('login_attempts')
      .values({ brand, login_key: key, day, failures: 1, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['brand', 'login_key']).doUpdateSet({
          failures: sql<number>`case when login_attempts.day = ${day} then login_attempts.failures + 1 else 1 end`,
          day,
          updated_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  async clearFailures(brand: string, key: string, executor?: Executor): Promise<void> {
    await this.ex(executor)
      .deleteFrom('login_attempts')
      .where('brand', '=', brand)
      .where('login_key', '=', key)
      .execute();
  }

  // ---- passwords -----------------------------------------------------------------------------

  async setPasswordHash(tx: Executor, id: string, hash: string, now: number): Promise<void> {
    await tx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Sets the first fund password; false when one is already set (a conditional update). */
  async setFirstFundPassword(id: string, hash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ fund_password_hash: hash, fund_failures: 0, fund_locked_until: null, updated_at: now })
      .where('id', '=', id)
      .where('fund_password_hash', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async replaceFundPassword(id: string, hash: string, now: number, executor?: Executor): Promise<void> {
    await this.ex(executor)
      .updateTable('users')
      .set({ fund_password_hash: hash, fund_failures: 0, fund_locked_until: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Reads a user inside `tx` holding their row until it commits (PostgreSQL: FOR UPDATE; SQLite:
   * every write transaction already holds the one write lock), so one user's fund-password entries
   * are checked one at a time.
   */
  async lockUser(tx: Executor, id: string): Promise<UserRow | undefined> {
    const query = tx.getExecutor().adapter instanceof PostgresAdapter ? selectUserForUpdate : selectUser;
    return (await query(tx, { id })).rows[0];
  }

  /**
   * Counts one wrong fund password; the `limit`-th in a row locks it until `lockUntil` and starts
   * the count again. Answers whether this entry locked it.
   */
  async countFundFailure(executor: Executor, id: string, lockUntil: number, limit: number): Promise<boolean> {
    const row = await executor
      .updateTable('users')
      .set({
        fund_failures: sql<number>`case when fund_failures + 1 >= ${limit} then 0 else fund_failures + 1 end`,
        fund_locked_until: sql<bigint>`case when fund_failures + 1 >= ${limit} then ${lockUntil} else fund_locked_until end`,
      })
      .where('id', '=', id)
      .returning(['fund_failures', 'fund_locked_until'])
      .executeTakeFirst();
    return row !== undefined && row.fund_locked_until !== null && Number(row.fund_locked_until) === lockUntil;
  }

  async resetFundFailures(executor: Executor, id: string): Promise<void> {
    await executor
      .updateTable('users')
      .set({ fund_failures: 0 })
      .where('id', '=', id)
      .where('fund_failures', '>', 0)
      .execute();
  }

  async setAvatar(id: string, avatar: number, now: number): Promise<void> {
    await this.db.updateTable('users').set({ avatar, updated_at: now }).where('id', '=', id).execute();
  }

  async setStatus(tx: Executor, id: string, status: string, now: number): Promise<void> {
    await tx.updateTable('users').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  async setBusinessLocked(tx: Executor, id: string, locked: boolean, now: number): Promise<void> {
    await tx
      .updateTable('users')
      .set({ business_locked: locked ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async setVerification(
    tx: Executor,
    id: string,
    kind: 'realname' | 'c3',
    status: string,
    realName: string | null | undefined,
    now: number,
  ): Promise<void> {
    const set =
      kind === 'realname'
        ? {
            realname_status: status,
            updated_at: now,
            ...(realName !== undefined ? { real_name: realName } : {}),
          }
        : { c3_status: status, updated_at: now };
    await tx.updateTable('users').set(set).where('id', '=', id).execute();
  }

  /**
   * Cancels an account: it stops signing in, and its phone, e-mail and user name are released
   * into `cancelled_identities`, which holds them back from sign-up for a number of days.
   * Conditional on the account being active, so two cancellations cannot both run.
   */
  async cancel(tx: Executor, user: UserRow, ids: string[], now: number): Promise<boolean> {
    const result = await tx
      .updateTable('users')
      .set({
        status: 'cancelled',
        cancelled_at: now,
        updated_at: now,
        email: null,
        phone_key: null,
        username_key: null,
      })
      .where('id', '=', user.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const held: { kind: 'email' | 'phone'; value: string }[] = [];
    if (user.email) held.push({ kind: 'email', value: user.email });
    if (user.phone_key) held.push({ kind: 'phone', value: user.phone_key });
    for (const [i, h] of held.entries()) {
      await tx
        .insertInto('cancelled_identities')
        .values({
          id: ids[i] as string,
          brand: user.brand,
          kind: h.kind,
          value: h.value,
          user_id: user.id,
          cancelled_at: now,
        })
        .execute();
    }
    return true;
  }

  async search(q: UserSearch, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.db.selectFrom('users').where('users.brand', '=', q.brand);
    if (q.status) query = query.where('users.status', '=', q.status);
    if (q.role) {
      const role = q.role;
      query = query.where((eb) =>
        isRole(role)
          ? eb.exists(
              eb
                .selectFrom('user_roles')
                .select('user_roles.user_id')
                .whereRef('user_roles.user_id', '=', 'users.id')
                .where('user_roles.role', '=', role),
            )
          : eb.exists(
              eb
                .selectFrom('user_staff_roles')
                .select('user_staff_roles.user_id')
                .whereRef('user_staff_roles.user_id', '=', 'users.id')
                .where('user_staff_roles.role_id', '=', role),
            ),
      );
    }
    if (q.staff) {
      // Staff: a built-in console role held, or any custom staff role.
      query = query.where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.user_id')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', 'in', STAFF_ROLES),
          ),
          eb.exists(
            eb
              .selectFrom('user_staff_roles')
              .select('user_staff_roles.user_id')
              .whereRef('user_staff_roles.user_id', '=', 'users.id'),
          ),
        ]),
      );
    }
    if (q.keyword) {
      const keyword = q.keyword;
      const like = `%${q.keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(users.username) like ${like} escape '\\'`,
          sql<boolean>`users.email like ${like} escape '\\'`,
          sql<boolean>`users.phone like ${like} escape '\\'`,
          eb('users.usercode', '=', keyword),
          eb('users.id', '=', keyword),
        ]),
      );
    }
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const direction = q.order ?? 'desc';
    let ordered = query.selectAll('users');
    if (q.sort === 'username') {
      // Cancelled accounts have no username_key any more; their name still sorts.
      ordered = ordered.orderBy(sql`coalesce(users.username_key, lower(users.username))`, direction);
    } else if (q.sort === 'lastLoginTime') {
      // Never signed in sorts as the oldest, on both databases (PostgreSQL puts NULL first in desc).
      ordered = ordered.orderBy(sql`coalesce(users.last_login_at, 0)`, direction);
    } else ordered = ordered.orderBy('users.created_at', direction);
    const rows = await ordered.orderBy('users.id', direction).limit(limit).offset(offset).execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Serialises staff changes of a brand (roles, their grants, statuses) until the transaction ends. */
  async lockStaffChanges(tx: Executor, brand: string): Promise<void> {
    // SQLite: every write transaction already holds the one write lock (BEGIN IMMEDIATE).
    if (!(tx.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`select pg_advisory_xact_lock(hashtext(${`staff:${brand}`}))`.execute(tx);
  }

  // ---- verification codes --------------------------------------------------------------------

  async insertCode(
    tx: Executor,
    c: {
      id: string;
      brand: string;
      purpose: string;
      target: string;
      codeHash: string;
      now: number;
      expiresAt: number;
    },
  ): Promise<void> {
    // A new code replaces the older ones of the same purpose and target.
    await tx
      .updateTable('verification_codes')
      .set({ consumed_at: c.now })
      .where('brand', '=', c.brand)
      .where('purpose', '=', c.purpose)
      .where('target', '=', c.target)
      .where('consumed_at', 'is', null)
      .execute();
    await tx
      .insertInto('verification_codes')
      .values({
        id: c.id,
        brand: c.brand,
        purpose: c.purpose,
        target: c.target,
        code_hash: c.codeHash,
        attempts: 0,
        created_at: c.now,
        expires_at: c.expiresAt,
        consumed_at: null,
      })
      .execute();
  }

  async liveCode(brand: string, purpose: string, target: string, now: number) {
    return this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('brand', '=', brand)
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', BigInt(now))
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Counts one try at a code; false once it has had `max` tries. */
  async tryCode(id: string, max: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .where('attempts', '<', max)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async consumeCode(tx: Executor, id: string, now: number): Promise<boolean> {
    const result = await tx
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ---- slide challenges ----------------------------------------------------------------------

  async insertChallenge(c: {
    id: string;
    brand: string;
    x: number;
    y: number;
    now: number;
    expiresAt: number;
  }) {
    await this.db
      .insertInto('slide_challenges')
      .values({
        id: c.id,
        brand: c.brand,
        target_x: c.x,
        piece_y: c.y,
        created_at: c.now,
        expires_at: c.expiresAt,
        attempted_at: null,
        pass_hash: null,
        pass_expires_at: null,
        consumed_at: null,
      })
      .execute();
  }

  /** Takes the challenge's only try: answers its target x, or undefined when used, expired or unknown. */
  async takeChallenge(brand: string, id: string, now: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('slide_challenges')
      .set({ attempted_at: now })
      .where('id', '=', id)
      .where('brand', '=', brand)
      .where('attempted_at', 'is', null)
      .where('expires_at', '>', BigInt(now))
      .returning('target_x')
      .executeTakeFirst();
    return row ? Number(row.target_x) : undefined;
  }

  async passChallenge(id: string, passHash: string, passExpiresAt: number): Promise<void> {
    await this.db
      .updateTable('slide_challenges')
      .set({ pass_hash: passHash, pass_expires_at: passExpiresAt })
      .where('id', '=', id)
      .execute();
  }

  async passIsLive(brand: string, passHash: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('slide_challenges')
      .select('id')
      .where('brand', '=', brand)
      .where('pass_hash', '=', passHash)
      .where('consumed_at', 'is', null)
      .where('pass_expires_at', '>', BigInt(now))
      .executeTakeFirst();
    return row !== undefined;
  }

  async consumePass(tx: Executor, brand: string, passHash: string, now: number): Promise<boolean> {
    const result = await tx
      .updateTable('slide_challenges')
      .set({ consumed_at: now })
      .where('brand', '=', brand)
      .where('pass_hash', '=', passHash)
      .where('consumed_at', 'is', null)
      .where('pass_expires_at', '>', BigInt(now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Test helper: the answer to a challenge, read the way no client can. */
  async challengeAnswer(id: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('slide_challenges')
      .select('target_x')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? Number(row.target_x) : undefined;
  }

  async pruneExpired(now: number): Promise<void> {
    await this.db
      .deleteFrom('slide_challenges')
      .where('expires_at', '<', BigInt(now - 24 * 3600_000))
      .execute();
    await this.db
      .deleteFrom('verification_codes')
      .where('expires_at', '<', BigInt(now - 24 * 3600_000))
      .execute();
  }
}
