/**
 * The brand's receiving bank accounts for bank-card deposits (issue 26): finance keeps them in the
 * console (bank, account name, account number or IBAN, SWIFT/BIC, currency); the deposit page shows
 * the enabled ones with the user's deposit reference (`D-<usercode>`) for the transfer's memo.
 */
import type { BankReceivingAccountDto } from '@mall/contract';
import type { Selectable } from 'kysely';
import type { Clock } from '../../core/clock.ts';
import type { BigIntColumn } from '../../core/db/columns.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { AuditService } from '../audit/index.ts';

export interface BankReceivingAccountsTable {
  id: string;
  brand: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  swift: string;
  currency: string;
  enabled: number | bigint;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

export interface BankAccountInput {
  id?: string | undefined;
  bankName: string;
  accountName: string;
  accountNumber: string;
  swift: string;
  currency: string;
  enabled: boolean;
}

/** An IBAN (country, check digits, up to 30 letters or digits) or a plain account number. */
const ACCOUNT_NUMBER = /^(?:[A-Z]{2}\d{2}[A-Z0-9]{10,30}|\d{4,34})$/;
/** SWIFT/BIC: bank (4 letters), country (2), location (2), optional branch (3). */
const SWIFT = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The IBAN check (ISO 13616 mod 97) for numbers that look like one. */
export function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

type Row = Selectable<BankReceivingAccountsTable>;

function toDto(r: Row): BankReceivingAccountDto {
  return {
    id: r.id,
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNumber: r.account_number,
    swift: r.swift,
    currency: r.currency,
    enabled: Number(r.enabled) === 1,
  };
}

export class BankAccountsService {
  constructor(
    private readonly db: Executor,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(brand: string, enabledOnly: boolean): Promise<BankReceivingAccountDto[]> {
    let q = this.db.selectFrom('bank_receiving_accounts').selectAll().where('brand', '=', brand);
    if (enabledOnly) q = q.where('enabled', '=', 1);
    return (await q.orderBy('created_at').orderBy('id').execute()).map(toDto);
  }

  async save(ctx: RequestContext, input: BankAccountInput): Promise<BankReceivingAccountDto> {
    const accountNumber = input.accountNumber.replace(/\s+/g, '').toUpperCase();
    const swift = input.swift.replace(/\s+/g, '').toUpperCase();
    const currency = input.currency.trim().toUpperCase();
    const isIban = /^[A-Z]{2}\d{2}/.test(accountNumber);
    if (!ACCOUNT_NUMBER.test(accountNumber) || (isIban && !ibanValid(accountNumber))) {
      throw new AppError('BANK_ACCOUNT_NUMBER_FORMAT');
    }
    if (!SWIFT.test(swift)) throw new AppError('SWIFT_FORMAT');
    if (!CURRENCY.test(currency)) throw new AppError('PARAMETER_ERROR', { field: 'currency' });
    const now = this.clock.now();
    const row = {
      bank_name: input.bankName.trim(),
      account_name: input.accountName.trim(),
      account_number: accountNumber,
      swift,
      currency,
      enabled: input.enabled ? 1 : 0,
      updated_at: now,
    };
    return inTransaction(this.db, async (tx) => {
      let id = input.id;
      let before: Row | undefined;
      if (id) {
        before = await tx
          .selectFrom('bank_receiving_accounts')
          .selectAll()
          .where('id', '=', id)
          .where('brand', '=', ctx.brand.key)
          .executeTakeFirst();
        if (!before) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
        await tx.updateTable('bank_receiving_accounts').set(row).where('id', '=', id).execute();
      } else {
        id = newId();
        await tx
          .insertInto('bank_receiving_accounts')
          .values({ ...row, id, brand: ctx.brand.key, created_at: now })
          .execute();
      }
      const after = await tx
        .selectFrom('bank_receiving_accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'wallet.bank_account.save',
        targetType: 'bank_account',
        targetId: id,
        before: before ? toDto(before) : null,
        after: toDto(after),
      });
      return toDto(after);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const before = await tx
        .selectFrom('bank_receiving_accounts')
        .selectAll()
        .where('id', '=', id)
        .where('brand', '=', ctx.brand.key)
        .executeTakeFirst();
      if (!before) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
      await tx.deleteFrom('bank_receiving_accounts').where('id', '=', id).execute();
      await this.audit.record(tx, {
        brand: ctx.brand.key,
        actorId: actorOf(ctx).userId,
        action: 'wallet.bank_account.delete',
        targetType: 'bank_account',
        targetId: id,
        before: toDto(before),
        after: null,
      });
    });
  }
}
