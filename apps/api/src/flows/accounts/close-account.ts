/**
 * No obligation escapes (issue 26, DESIGN §11): an account is closed (cancelled by its owner) or
 * disabled (by an admin) only when it owes and is owed nothing. One rule, asked of every module
 * through its public functions, inside the transaction that closes the account:
 * - loans: no application under review, no running or overdue loan;
 * - orders: nothing paid and not yet settled (to ship, shipped, within the return window), no
 *   refund under way; as a seller, no sale not yet settled;
 * - wallet: no deposit or withdrawal waiting for finance, nothing held, no balance;
 * - catalogue: no store of one's own.
 * The first reason found is the error (a catalogue key naming it); `obligationsOf` lists them all.
 * A loan cannot be paid out to a closed account (approval checks the account is active) and an
 * account cannot close while an application waits, so a race between the two lets one through.
 */
import type { ErrorKey } from '@mall/contract';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';

export interface ObligationSources {
  hasOpenLoan(db: Executor, userId: string): Promise<boolean>;
  hasOrdersInProgress(db: Executor, userId: string): Promise<boolean>;
  hasUnsettledSales(db: Executor, userId: string): Promise<boolean>;
  hasPendingMoney(db: Executor, userId: string): Promise<boolean>;
  wallet(db: Executor, userId: string): Promise<{ balance: bigint; held: bigint }>;
  ownsStore(db: Executor, userId: string): Promise<boolean>;
}

export type ObligationKey = Extract<
  ErrorKey,
  | 'CANCEL_WITH_LOAN'
  | 'CANCEL_WITH_ORDERS'
  | 'CANCEL_WITH_SALES'
  | 'CANCEL_WITH_PENDING_MONEY'
  | 'CANCEL_WITH_HELD'
  | 'CANCEL_WITH_BALANCE'
  | 'CANCEL_WITH_STORE'
>;

/** Every obligation the user has now, most serious first. */
export async function obligationsOf(
  s: ObligationSources,
  db: Executor,
  userId: string,
): Promise<ObligationKey[]> {
  // One after another: inside a transaction there is one connection.
  const out: ObligationKey[] = [];
  if (await s.hasOpenLoan(db, userId)) out.push('CANCEL_WITH_LOAN');
  if (await s.hasOrdersInProgress(db, userId)) out.push('CANCEL_WITH_ORDERS');
  if (await s.hasUnsettledSales(db, userId)) out.push('CANCEL_WITH_SALES');
  if (await s.hasPendingMoney(db, userId)) out.push('CANCEL_WITH_PENDING_MONEY');
  const wallet = await s.wallet(db, userId);
  if (wallet.held > 0n) out.push('CANCEL_WITH_HELD');
  if (wallet.balance > 0n) out.push('CANCEL_WITH_BALANCE');
  if (await s.ownsStore(db, userId)) out.push('CANCEL_WITH_STORE');
  return out;
}

/** Refuses, naming the first obligation, unless the account owes and is owed nothing. */
export async function assertNothingOwed(s: ObligationSources, db: Executor, userId: string): Promise<void> {
  const [first] = await obligationsOf(s, db, userId);
  if (first) throw new AppError(first);
}
