/**
 * The shipping-address book (`/api/user/address/...`): SPEC §5 limits, one default (`use = 1`,
 * kept unique by a partial index), a count limit (param `user_address_max`), and every read and
 * write scoped to the signed-in owner: another user's address id is simply "not found".
 */
import { ADDRESS_RULES, type AddressDto, isAccountEmail, isPostCode, toWireTime } from '@mall/contract';
import { type Selectable, sql } from 'kysely';
import type { Clock } from '../../core/clock.ts';
import { type DialectName, type Executor, inTransaction } from '../../core/db/database.ts';
import { precompiled } from '../../core/db/precompiled.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import { countryCodeOf } from '../geo/index.ts';
import type { ParamsService } from '../params/index.ts';
import type { AddressesTable } from './addresses.table.ts';

type Row = Selectable<AddressesTable>;

export interface AddressInput {
  name: string;
  email: string;
  areaCode: string;
  phone: string;
  nation: string;
  state: string;
  city: string;
  postCode: string;
  address: string;
  use: boolean;
}

const SUBSCRIPTION_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function toDto(r: Row): AddressDto {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    areaCode: r.area_code,
    phone: r.phone,
    nation: r.nation,
    state: r.state,
    city: r.city,
    postCode: r.post_code,
    address: r.address,
    use: Number(r.is_default) === 1 ? 1 : 0,
    createTime: toWireTime(r.created_at),
  };
}

/** Trims and checks every field; nothing is written when one fails. */
export function cleanAddress(raw: AddressInput): AddressInput {
  const v = {
    ...raw,
    name: raw.name.trim(),
    email: raw.email.trim().toLowerCase(),
    areaCode: raw.areaCode.trim().replace(/^\+/, ''),
    phone: raw.phone.replace(/[\s-]/g, ''),
    nation: raw.nation.trim(),
    state: raw.state.trim(),
    city: raw.city.trim(),
    postCode: raw.postCode.trim(),
    address: raw.address.trim(),
  };
  const required = [
    'name',
    'email',
    'areaCode',
    'phone',
    'nation',
    'state',
    'city',
    'postCode',
    'address',
  ] as const;
  for (const field of required) if (v[field] === '') throw new AppError('ADDRESS_EMPTY', { field });
  const max: [keyof AddressInput, number][] = [
    ['name', ADDRESS_RULES.consigneeMax],
    ['email', ADDRESS_RULES.emailMax],
    ['postCode', ADDRESS_RULES.postcodeMax],
    ['nation', ADDRESS_RULES.nationMax],
    ['state', ADDRESS_RULES.stateMax],
    ['city', ADDRESS_RULES.cityMax],
    ['address', ADDRESS_RULES.addressMax],
  ];
  for (const [field, limit] of max) {
    if ((v[field] as string).length > limit) throw new AppError('ADDRESS_TOO_LONG', { field });
  }
  if (!isAccountEmail(v.email) && !SUBSCRIPTION_LIKE_EMAIL.test(v.email)) {
    throw new AppError('ADDRESS_FORMAT', { field: 'email' });
  }
  if (!ADDRESS_RULES.areaCodePattern.test(v.areaCode))
    throw new AppError('ADDRESS_FORMAT', { field: 'areaCode' });
  if (!ADDRESS_RULES.phonePattern.test(v.phone)) throw new AppError('ADDRESS_FORMAT', { field: 'phone' });
  // By the country's own format (GB "SW1A 1AA", DE five digits), not by a count of digits.
  if (!isPostCode(countryCodeOf(v.nation), v.postCode)) {
    throw new AppError('ADDRESS_FORMAT', { field: 'postCode' });
  }
  return v;
}

/** The address a checkout copies, compiled once (core/db/precompiled.ts). */
const selectAddress = precompiled<{ id: string; userId: string }, Row>((db, p) =>
  db.selectFrom('addresses').selectAll().where('id', '=', p.id).where('user_id', '=', p.userId),
);

export class AddressesService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
    private readonly params: ParamsService,
    private readonly clock: Clock,
  ) {}

  private owner(ctx: RequestContext): string {
    if (!ctx.actor) throw new AppError('NOT_LOGGED_IN');
    return ctx.actor.userId;
  }

  /** The owner's addresses, default first; inside a transaction pass it as `db`. */
  async list(ctx: RequestContext, db: Executor = this.db): Promise<AddressDto[]> {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', this.owner(ctx))
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toDto);
  }

  /** One of the owner's addresses (orders read the chosen one through this). */
  async get(executor: Executor, userId: string, id: string): Promise<AddressDto | undefined> {
    const row = (await selectAddress(executor, { id, userId })).rows[0];
    return row ? toDto(row) : undefined;
  }

  async add(ctx: RequestContext, raw: AddressInput): Promise<AddressDto> {
    const userId = this.owner(ctx);
    const v = cleanAddress(raw);
    const max = Number((await this.params.all(ctx.brand)).user_address_max) || 20;
    const id = newId();
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      // Counted inside the write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: a lock on the
      // user's address book, held until commit), so parallel adds cannot pass the limit together.
      // An advisory lock, not the user's row: the users table is the accounts module's.
      if (this.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`.execute(tx);
      }
      const count = await tx
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const n = Number(count?.n ?? 0);
      if (n >= max) throw new AppError('ADDRESS_LIMIT', { max });
      const isDefault = v.use || n === 0;
      if (isDefault) await this.clearDefault(tx, userId, now);
      await tx
        .insertInto('addresses')
        .values({
          id,
          user_id: userId,
          name: v.name,
          email: v.email,
          area_code: v.areaCode,
          phone: v.phone,
          nation: v.nation,
          state: v.state,
          city: v.city,
          post_code: v.postCode,
          address: v.address,
          is_default: isDefault ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return (await this.get(this.db, userId, id)) as AddressDto;
  }

  async edit(ctx: RequestContext, id: string, raw: AddressInput): Promise<AddressDto> {
    const userId = this.owner(ctx);
    const v = cleanAddress(raw);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const current = await this.get(tx, userId, id);
      if (!current) throw new AppError('ADDRESS_NOT_FOUND');
      // The only default can be moved, not dropped: unticking it keeps it the default.
      const isDefault = v.use || current.use === 1;
      if (isDefault && current.use !== 1) await this.clearDefault(tx, userId, now);
      await tx
        .updateTable('addresses')
        .set({
          name: v.name,
          email: v.email,
          area_code: v.areaCode,
          phone: v.phone,
          nation: v.nation,
          state: v.state,
          city: v.city,
          post_code: v.postCode,
          address: v.address,
          is_default: isDefault ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    });
    return (await this.get(this.db, userId, id)) as AddressDto;
  }

  /** Deletes an address; when it was the default, the newest remaining one becomes the default. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    const userId = this.owner(ctx);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const current = await this.get(tx, userId, id);
      if (!current) throw new AppError('ADDRESS_NOT_FOUND');
      await tx.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute();
      if (current.use === 1) {
        const next = await tx
          .selectFrom('addresses')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (next) {
          await tx
            .updateTable('addresses')
            .set({ is_default: 1, updated_at: now })
            .where('id', '=', next.id)
            .execute();
        }
      }
    });
  }

  private async clearDefault(tx: Executor, userId: string, now: number): Promise<void> {
    await tx
      .updateTable('addresses')
      .set({ is_default: 0, updated_at: now })
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .execute();
  }
}
