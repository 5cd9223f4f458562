/**
 * The double-entry ledger (DESIGN §5): the only code that changes a balance. A transfer moves an
 * amount from one account to another inside the caller's transaction and is written once:
 * - its id is the idempotency key: the same id again answers the first result, unchanged; the same
 *   id with other accounts, amount or kind is IDEMPOTENCY_MISMATCH;
 * - a debit is one conditional UPDATE, so a wallet or escrow never goes below zero, whatever runs
 *   at the same time;
 * - two-phase transfers (withdrawals) hold the amount first, then post or void it, exactly once.
 * Accounts are updated in id order, so two transfers between the same accounts never deadlock.
 */
import { PostgresAdapter } from 'kysely';
import type { Clock } from '../../core/clock.ts';
import { afterCommit, type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { type AccountSpec, accountRowFor, accountRowIds } from './ledger.accounts.ts';
import { postTransferOnPostgres } from './ledger.postgres-transfer.ts';
import {
  commissionOn,
  creditedTo,
  type DustyWallet,
  depositsTo,
  type WalletTransfer,
  walletsWithDust,
  walletTransfers,
} from './ledger.reads.ts';
import type { LedgerRepository, TransferRow, TransferStatus } from './ledger.repository.ts';

export const MAX_TRANSFER_ID_LENGTH = 80;

export interface TransferInput {
  /** Idempotency key, chosen by the caller (e.g. `withdraw:<withdrawalId>`), at most 80 characters. */
  id: string;
  debit: AccountSpec;
  credit: AccountSpec;
  amount: bigint;
  /** What the money is for: recharge, withdraw, withdraw_fee, pay_order, settle, refund, ... */
  kind: string;
  /** The business object behind it (an order, a withdrawal, a loan). */
  reference?: string;
  memo?: string;
}

export interface TransferResult {
  id: string;
  status: TransferStatus;
  amount: bigint;
  debitAccountId: string;
  creditAccountId: string;
  /** Balances right after posting (null while pending or after a void). */
  debitBalanceAfter: bigint | null;
  creditBalanceAfter: bigint | null;
  createdAt: number;
  /** True when this call found the transfer already done by an earlier call with the same id. */
  replayed: boolean;
}

export interface Balance {
  accountId: string;
  balance: bigint;
  /** Held for pending transfers (withdrawals waiting for an operator). */
  pending: bigint;
  available: bigint;
}

export interface AuditReport {
  ok: boolean;
  /** Per currency: the sum of every account's balance, which must be zero. */
  sums: { currency: string; total: bigint }[];
  inconsistentAccounts: Awaited<ReturnType<LedgerRepository['inconsistentAccounts']>>;
  malformedTransfers: string[];
}

function toResult(row: TransferRow, replayed: boolean): TransferResult {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    debitAccountId: row.debitAccountId,
    creditAccountId: row.creditAccountId,
    debitBalanceAfter: row.debitBalanceAfter,
    creditBalanceAfter: row.creditBalanceAfter,
    createdAt: row.createdAt,
    replayed,
  };
}

/** The result of a transfer this call has just posted. */
function posted(input: TransferInput, now: number, debitAfter: bigint, creditAfter: bigint): TransferResult {
  return {
    id: input.id,
    status: 'posted',
    amount: input.amount,
    debitAccountId: input.debit.id,
    creditAccountId: input.credit.id,
    debitBalanceAfter: debitAfter,
    creditBalanceAfter: creditAfter,
    createdAt: now,
    replayed: false,
  };
}

/**
 * A user's wallet short of money is INSUFFICIENT_BALANCE ("please deposit"); any other account
 * (an order's escrow, a platform account) is INSUFFICIENT_HOLDINGS: the user cannot fix it.
 */
function shortOf(accountId: string): AppError {
  return new AppError(accountId.startsWith('wallet:') ? 'INSUFFICIENT_BALANCE' : 'INSUFFICIENT_HOLDINGS');
}

/** Runs `work` in the caller's transaction, or in a new one when given the database itself. */
function atomically<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : inTransaction(db, work);
}

export class LedgerService {
  /**
   * Accounts this process knows exist (committed): an account row is never deleted, so once seen it
   * need not be inserted-or-ignored again (two statements less per transfer). An account is
   * remembered only once the transaction that created or saw it has committed: a row found there
   * may have been created earlier in the same transaction (a settlement, then its commission), and
   * is gone again if that transaction rolls back.
   */
  private readonly known = new Set<string>();

  constructor(
    private readonly repository: LedgerRepository,
    private readonly clock: Clock,
  ) {}

  private async ensure(tx: Executor, spec: AccountSpec, now: number): Promise<void> {
    if (this.known.has(spec.id)) return;
    await this.repository.ensureAccount(tx, spec, now);
    afterCommit(tx, () => {
      if (this.known.size >= 100_000) this.known.clear();
      this.known.add(spec.id);
    });
  }

  /** Moves `amount` now. Throws INSUFFICIENT_BALANCE when the debit account cannot pay. */
  transfer(db: Executor, input: TransferInput): Promise<TransferResult> {
    return this.write(db, input, 'posted');
  }

  /** Holds `amount` on the debit account for a later `post` or `void` (two-phase transfer). */
  hold(db: Executor, input: TransferInput): Promise<TransferResult> {
    return this.write(db, input, 'pending');
  }

  /** Completes a held transfer; posting it again answers the same result. */
  post(db: Executor, pendingId: string): Promise<TransferResult> {
    return atomically(db, async (tx) => {
      const now = this.clock.now();
      const held = await this.repository.findTransfer(tx, pendingId);
      if (!held) throw new AppError('TRANSFER_NOT_FOUND');
      if (!(await this.repository.resolve(tx, pendingId, 'posted', now))) {
        const current = await this.repository.findTransfer(tx, pendingId);
        if (current?.status === 'posted') return toResult(current, true);
        throw new AppError('TRANSFER_ALREADY_RESOLVED');
      }
      const moved = await this.moveInOrder(tx, held, now, true);
      await this.repository.setBalancesAfter(tx, pendingId, moved.debitAfter, moved.creditAfter);
      return toResult(
        {
          ...held,
          status: 'posted',
          debitBalanceAfter: moved.debitAfter,
          creditBalanceAfter: moved.creditAfter,
        },
        false,
      );
    });
  }

  /** Cancels a held transfer and frees the amount; voiding it again answers the same result. */
  void(db: Executor, pendingId: string): Promise<TransferResult> {
    return atomically(db, async (tx) => {
      const now = this.clock.now();
      const held = await this.repository.findTransfer(tx, pendingId);
      if (!held) throw new AppError('TRANSFER_NOT_FOUND');
      if (!(await this.repository.resolve(tx, pendingId, 'voided', now))) {
        const current = await this.repository.findTransfer(tx, pendingId);
        if (current?.status === 'voided') return toResult(current, true);
        throw new AppError('TRANSFER_ALREADY_RESOLVED');
      }
      await this.repository.releaseHold(tx, held.debitAccountId, held.amount, now);
      return toResult({ ...held, status: 'voided' }, false);
    });
  }

  /** An account's balance; a sharded account's is the sum of its rows (give its spec, not an id). */
  async balanceOf(db: Executor, account: AccountSpec | string): Promise<Balance> {
    if (typeof account !== 'string' && account.shards) {
      const sum = await this.repository.sumOfAccounts(db, accountRowIds(account));
      return { accountId: account.id, ...sum, available: sum.balance - sum.pending };
    }
    const accountId = typeof account === 'string' ? account : account.id;
    const row = await this.repository.findAccount(db, accountId);
    const balance = row?.balance ?? 0n;
    const pending = row?.pendingOut ?? 0n;
    return { accountId, balance, pending, available: balance - pending };
  }

  findTransfer(db: Executor, id: string): Promise<TransferRow | undefined> {
    return this.repository.findTransfer(db, id);
  }

  findTransfers(db: Executor, ids: readonly string[]): Promise<TransferRow[]> {
    return this.repository.findTransfers(db, ids);
  }

  /** Net paid into a seller's wallet by settlements, and the commission taken from those orders. */
  settlementTotals(db: Executor, wallet: AccountSpec): Promise<{ net: bigint; commission: bigint }> {
    return this.repository.settlementTotals(db, wallet.id);
  }

  /** Finance's view of where the money sits: each kind of account's total balance and total held. */
  totalsByKind(db: Executor): Promise<{ kind: string; total: bigint; held: bigint }[]> {
    return this.repository.totalsByKind(db);
  }

  /** A wallet's transfers (posted, held or voided) begun before `before` (ms): its statement's lines. */
  statementOf(db: Executor, wallet: AccountSpec, before: number): Promise<WalletTransfer[]> {
    return walletTransfers(db, wallet.id, before);
  }

  /** Commission taken from each of these orders at settlement, by order id. */
  commissionOn(db: Executor, orderIds: readonly string[]): Promise<Map<string, bigint>> {
    return commissionOn(db, orderIds);
  }

  /** Deposits credited to a wallet on every rail: how many and their total (underwriting). */
  depositsTo(db: Executor, wallet: AccountSpec): Promise<{ count: number; total: bigint }> {
    return depositsTo(db, wallet.id);
  }

  /** What settlements of the user's sales paid into the wallet. */
  settledSalesTo(db: Executor, wallet: AccountSpec): Promise<bigint> {
    return creditedTo(db, wallet.id, 'settle');
  }

  /** What loans paid into the wallet from `since` (ms) on. */
  loanPayoutsTo(db: Executor, wallet: AccountSpec, since: number): Promise<bigint> {
    return creditedTo(db, wallet.id, 'loan_disburse', since);
  }

  /** Wallets holding an amount below one micro-USDT (the dust sweep's work list). */
  walletsWithDust(db: Executor): Promise<DustyWallet[]> {
    return walletsWithDust(db);
  }

  accounts(db: Executor, kind: string | null, limit: number, offset: number) {
    return this.repository.listAccounts(db, kind, limit, offset);
  }

  transfersOf(db: Executor, account: AccountSpec | string, limit: number, offset: number) {
    return this.repository.transfersOfAccount(
      db,
      typeof account === 'string' ? account : account.id,
      limit,
      offset,
    );
  }

  /** Checks the invariants on a live database (npm run audit:ledger and the tests). */
  async audit(db: Executor): Promise<AuditReport> {
    const [sums, inconsistentAccounts, malformedTransfers] = await Promise.all([
      this.repository.sumOfBalances(db),
      this.repository.inconsistentAccounts(db),
      this.repository.malformedTransfers(db),
    ]);
    const ok =
      sums.every((s) => s.total === 0n) &&
      inconsistentAccounts.length === 0 &&
      malformedTransfers.length === 0;
    return { ok, sums, inconsistentAccounts, malformedTransfers };
  }

  private validate(input: TransferInput): void {
    if (input.id.length === 0 || input.id.length > MAX_TRANSFER_ID_LENGTH)
      throw new AppError('PARAMETER_ERROR');
    if (input.amount <= 0n) throw new AppError('AMOUNT_FORMAT');
    if (input.debit.id === input.credit.id) throw new AppError('PARAMETER_ERROR');
    if (input.debit.currency !== input.credit.currency) throw new AppError('PARAMETER_ERROR');
  }

  private async write(
    db: Executor,
    asked: TransferInput,
    status: 'posted' | 'pending',
  ): Promise<TransferResult> {
    this.validate(asked);
    // From here on a sharded account is the row this transfer moves (ledger.accounts.ts).
    const input = {
      ...asked,
      debit: accountRowFor(asked.debit, asked.id),
      credit: accountRowFor(asked.credit, asked.id),
    };
    return atomically(db, async (tx) => {
      const now = this.clock.now();
      await this.ensure(tx, input.debit, now);
      await this.ensure(tx, input.credit, now);
      const transfer = {
        id: input.id,
        debitAccountId: input.debit.id,
        creditAccountId: input.credit.id,
        amount: input.amount,
        currency: input.debit.currency,
        kind: input.kind,
        status,
        reference: input.reference ?? null,
        memo: input.memo ?? null,
        createdAt: now,
      };
      if (status === 'posted' && tx.getExecutor().adapter instanceof PostgresAdapter) {
        const outcome = await postTransferOnPostgres(tx, transfer);
        if (outcome.kind === 'replay') return this.replay(tx, input, status);
        if (outcome.kind === 'short') throw shortOf(outcome.accountId);
        return posted(input, now, outcome.debitAfter, outcome.creditAfter);
      }
      const fresh = await this.repository.insertTransfer(tx, transfer);
      if (!fresh) return this.replay(tx, input, status);
      if (status === 'pending') {
        if (!(await this.repository.hold(tx, input.debit.id, input.amount, now))) {
          throw shortOf(input.debit.id);
        }
        const row = await this.repository.findTransfer(tx, input.id);
        return toResult(row!, false);
      }
      const moved = await this.moveInOrder(
        tx,
        { debitAccountId: input.debit.id, creditAccountId: input.credit.id, amount: input.amount },
        now,
        false,
      );
      await this.repository.setBalancesAfter(tx, input.id, moved.debitAfter, moved.creditAfter);
      return posted(input, now, moved.debitAfter, moved.creditAfter);
    });
  }

  /** The same id again: the first result if it asked for the same movement, an error otherwise. */
  private async replay(tx: Executor, input: TransferInput, status: TransferStatus): Promise<TransferResult> {
    const existing = await this.repository.findTransfer(tx, input.id);
    if (
      !existing ||
      existing.debitAccountId !== input.debit.id ||
      existing.creditAccountId !== input.credit.id ||
      existing.amount !== input.amount ||
      existing.kind !== input.kind ||
      (status === 'posted') !== (existing.status === 'posted' && existing.resolvedAt === null)
    ) {
      throw new AppError('IDEMPOTENCY_MISMATCH');
    }
    return toResult(existing, true);
  }

  /** Debit and credit in account-id order (no deadlocks); `held` posts an earlier hold. */
  private async moveInOrder(
    tx: Executor,
    t: { debitAccountId: string; creditAccountId: string; amount: bigint },
    now: number,
    held: boolean,
  ): Promise<{ debitAfter: bigint; creditAfter: bigint }> {
    const debit = async () => {
      if (held) return this.repository.debitHeld(tx, t.debitAccountId, t.amount, now);
      const after = await this.repository.debit(tx, t.debitAccountId, t.amount, now);
      if (after === undefined) throw shortOf(t.debitAccountId);
      return after;
    };
    const credit = () => this.repository.credit(tx, t.creditAccountId, t.amount, now);
    if (t.debitAccountId < t.creditAccountId) {
      const debitAfter = await debit();
      return { debitAfter, creditAfter: await credit() };
    }
    const creditAfter = await credit();
    return { debitAfter: await debit(), creditAfter };
  }
}
