/**
 * The applicant's profile for the risk operator (issue 26): account age and verification,
 * deposits and withdrawals, orders bought and sold, the store, earlier loans and how they were
 * repaid, other accounts of the brand sharing a withdrawal or delivery address, a device or a client
 * address they signed up or in from, and a suggested
 * decision from the same eligibility rules `apply` enforces plus the warning signs above. What is
 * not the loans' own it asks each owning module for (accounts, ledger, orders, catalogue, wallet,
 * addresses: DESIGN §2).
 */
import {
  type ApplicantProfileDto,
  formatMoney,
  type SharingVia,
  type SuggestionReason,
} from '@mall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { applicantAccount, usernamesInBrand } from '../accounts/index.ts';
import { usersSharingAddress } from '../addresses/index.ts';
import { storeOwnedBy } from '../catalogue/index.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import { purchasesOf, salesCountOf } from '../orders/index.ts';
import type { ParamValues } from '../params/params.service.ts';
import { accountsSharingDevices } from '../session/index.ts';
import { paidWithdrawalsOf, usersSharingWithdrawAddress } from '../wallet/index.ts';
import { eligibilityFrom, historyOf } from './loan-eligibility.ts';
import { DAY_MS } from './loan-schedule.ts';

const count = sql<string>`cast(count(*) as text)`;

export async function applicantProfile(
  db: Executor,
  ledger: LedgerService,
  brand: string,
  loanId: string,
  values: ParamValues,
  now: number,
): Promise<ApplicantProfileDto> {
  const loan = await db
    .selectFrom('loans')
    .select(['user_id', 'amount', 'brand'])
    .where('id', '=', loanId)
    .executeTakeFirst();
  if (!loan || loan.brand !== brand) throw new AppError('LOAN_NOT_FOUND');
  const userId = loan.user_id;
  const user = await applicantAccount(db, userId);
  if (!user) throw new Error(`the loan's user ${userId} is missing`);
  const history = await historyOf(db, ledger, userId);
  const eligibility = eligibilityFrom(history, values, now);

  // Deposits as the ledger credited them (every rail), the same figure the limit is drawn from.
  const deposits = await ledger.depositsTo(db, ledgerAccounts.wallet(userId));
  const withdrawals = await paidWithdrawalsOf(db, userId);
  const bought = await purchasesOf(db, userId);
  const soldCount = await salesCountOf(db, userId);
  const store = await storeOwnedBy(db, userId);
  const previous = await db
    .selectFrom('loans as l')
    .select([
      'l.id',
      'l.serial_no',
      'l.amount',
      'l.status',
      'l.created_at',
      (eb) =>
        eb
          .selectFrom('loan_instalments as i')
          .select(count.as('n'))
          .whereRef('i.loan_id', '=', 'l.id')
          .where('i.overdue_at', 'is not', null)
          .as('overdue'),
    ])
    .where('l.user_id', '=', userId)
    .where('l.id', '!=', loanId)
    .orderBy('l.created_at', 'desc')
    .limit(20)
    .execute();
  const sharing = await sharedWith(db, brand, userId);

  const reasons: SuggestionReason[] = [];
  if (eligibility.accountAgeDays < eligibility.minAccountAgeDays) reasons.push('account_too_new');
  if (BigInt(loan.amount) > eligibility.limit) reasons.push('over_limit');
  if (user.realNameStatus !== 'approved') reasons.push('realname_missing');
  if (user.c3Status !== 'approved') reasons.push('c3_missing');
  if (previous.some((p) => Number(p.overdue ?? 0) > 0)) reasons.push('previous_overdue');
  if (sharing.some((s) => s.via === 'withdrawal_address')) reasons.push('shared_withdrawal_address');
  if (sharing.some((s) => s.via === 'address')) reasons.push('shared_address');
  // A shared client address alone is listed, not a reason: offices, campuses and mobile carriers share them.
  if (sharing.some((s) => s.via === 'device')) reasons.push('shared_device');
  // C3 alone is identity's policy: a missing C3 is a sign here, not a refusal on its own.
  const refuse = reasons.some((r) => r !== 'c3_missing');
  return {
    userId,
    username: user.username,
    accountAgeDays: eligibility.accountAgeDays,
    realNameStatus: user.realNameStatus,
    c3Status: user.c3Status,
    deposits: { count: deposits.count, total: formatMoney(deposits.total) },
    withdrawals: { count: withdrawals.count, total: formatMoney(withdrawals.total) },
    ordersBought: { count: bought.count, completed: bought.completed, total: formatMoney(bought.total) },
    ordersSold: { count: soldCount, settled: formatMoney(history.sales) },
    store: store ? { name: store.name, ageDays: Math.floor((now - store.createdAt) / DAY_MS) } : null,
    previousLoans: previous.map((p) => ({
      id: p.id,
      serialNo: p.serial_no,
      amount: formatMoney(BigInt(p.amount)),
      status: p.status,
      overdueInstalments: Number(p.overdue ?? 0),
      createdAt: Number(p.created_at),
    })),
    sharing,
    limit: formatMoney(eligibility.limit),
    minAccountAgeDays: eligibility.minAccountAgeDays,
    suggestion: {
      decision: refuse ? 'refuse' : 'approve',
      reasons: reasons.length ? reasons : ['within_rules'],
    },
  };
}

/**
 * Other accounts of the brand with the applicant's withdrawal address or a delivery address, or
 * that signed up or in from one of the applicant's devices or client addresses (session module).
 */
async function sharedWith(
  db: Executor,
  brand: string,
  userId: string,
): Promise<ApplicantProfileDto['sharing']> {
  const byWithdrawal = await usersSharingWithdrawAddress(db, userId);
  const byAddress = await usersSharingAddress(db, userId);
  const signIns = await accountsSharingDevices(db, brand, userId);
  const byDevice = signIns.filter((s) => s.via === 'device').map((s) => s.userId);
  const byIp = signIns.filter((s) => s.via === 'ip').map((s) => s.userId);
  // Only the brand's users count, the first 20 of each kind.
  const names = await usernamesInBrand(db, brand, [...byWithdrawal, ...byAddress, ...byDevice, ...byIp]);
  const ofBrand = (ids: string[], via: SharingVia) =>
    ids
      .filter((id) => names.has(id))
      .slice(0, 20)
      .map((id) => ({ userId: id, username: names.get(id)!, via }));
  return [
    ...ofBrand(byWithdrawal, 'withdrawal_address'),
    ...ofBrand(byAddress, 'address'),
    ...ofBrand(byDevice, 'device'),
    ...ofBrand(byIp, 'ip'),
  ];
}
