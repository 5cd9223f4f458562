/**
 * The applicant's profile for the risk operator (issue 26): account age and verification,
 * deposits and withdrawals, orders bought and sold, the store, earlier loans and how they were
 * repaid, other accounts of the brand sharing a withdrawal or delivery address, and a suggested
 * decision from the same eligibility rules `apply` enforces plus the warning signs above. It reads
 * the other modules' tables directly (read-only; a candidate for each module's own read call).
 */
import { type ApplicantProfileDto, formatMoney, type SuggestionReason } from '@mall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { ledgerAccounts } from '../ledger/index.ts';
import type { ParamValues } from '../params/params.service.ts';
import { eligibilityFrom, historyOf } from './loan-eligibility.ts';
import { DAY_MS } from './loan-schedule.ts';

const total = (column: string) => sql<string>`cast(coalesce(sum(${sql.ref(column)}), 0) as text)`;
const count = sql<string>`cast(count(*) as text)`;

export async function applicantProfile(
  db: Executor,
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
  const user = await db
    .selectFrom('users')
    .select(['username', 'realname_status', 'c3_status'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const history = await historyOf(db, userId);
  const eligibility = eligibilityFrom(history, values, now);

  // Deposits as the ledger credited them (every rail), the same figure the limit is drawn from.
  const deposits = await db
    .selectFrom('ledger_transfers')
    .select([count.as('n'), total('amount').as('total')])
    .where('credit_account_id', '=', ledgerAccounts.wallet(userId).id)
    .where('status', '=', 'posted')
    .where((eb) => eb.or([eb('kind', '=', 'recharge'), eb('kind', 'like', '%deposit%')]))
    .executeTakeFirstOrThrow();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select([count.as('n'), total('amount').as('total')])
    .where('user_id', '=', userId)
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  const bought = await db
    .selectFrom('orders')
    .select([
      count.as('n'),
      sql<string>`cast(coalesce(sum(case when settled_at is not null then 1 else 0 end), 0) as text)`.as(
        'done',
      ),
      total('paid_amount').as('total'),
    ])
    .where('user_id', '=', userId)
    .where('status', '>=', 1)
    .executeTakeFirstOrThrow();
  const sold = await db
    .selectFrom('orders')
    .select([count.as('n')])
    .where('seller_owner_user_id', '=', userId)
    .where('status', '>=', 1)
    .executeTakeFirstOrThrow();
  const store = await db
    .selectFrom('sellers')
    .select(['name', 'created_at'])
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
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
  if (user.realname_status !== 'approved') reasons.push('realname_missing');
  if (user.c3_status !== 'approved') reasons.push('c3_missing');
  if (previous.some((p) => Number(p.overdue ?? 0) > 0)) reasons.push('previous_overdue');
  if (sharing.some((s) => s.via === 'withdrawal_address')) reasons.push('shared_withdrawal_address');
  if (sharing.some((s) => s.via === 'address')) reasons.push('shared_address');
  // C3 alone is identity's policy: a missing C3 is a sign here, not a refusal on its own.
  const refuse = reasons.some((r) => r !== 'c3_missing');
  return {
    userId,
    username: user.username,
    accountAgeDays: eligibility.accountAgeDays,
    realNameStatus: user.realname_status,
    c3Status: user.c3_status,
    deposits: { count: Number(deposits.n), total: formatMoney(BigInt(deposits.total)) },
    withdrawals: { count: Number(withdrawals.n), total: formatMoney(BigInt(withdrawals.total)) },
    ordersBought: {
      count: Number(bought.n),
      completed: Number(bought.done),
      total: formatMoney(BigInt(bought.total)),
    },
    ordersSold: { count: Number(sold.n), settled: formatMoney(history.sales) },
    store: store
      ? { name: store.name, ageDays: Math.floor((now - Number(store.created_at)) / DAY_MS) }
      : null,
    previousLoans: previous.map((p) => ({
      id: p.id,
      serialNo: p.serial_no,
      amount: formatMoney(BigInt(p.amount)),
      status: p.status,
      overdueInstalments: Number(p.overdue ?? 0),
      createdAt: Number(p.created_at),
    })),
    sharing,
    devicesRecorded: false,
    limit: formatMoney(eligibility.limit),
    minAccountAgeDays: eligibility.minAccountAgeDays,
    suggestion: {
      decision: refuse ? 'refuse' : 'approve',
      reasons: reasons.length ? reasons : ['within_rules'],
    },
  };
}

/** Other accounts of the brand with the applicant's withdrawal address or a delivery address. */
async function sharedWith(
  db: Executor,
  brand: string,
  userId: string,
): Promise<ApplicantProfileDto['sharing']> {
  const byWithdrawal = await db
    .selectFrom('withdraw_addresses as mine')
    .innerJoin('withdraw_addresses as other', (j) =>
      j.onRef('other.address', '=', 'mine.address').onRef('other.network', '=', 'mine.network'),
    )
    .innerJoin('users as u', 'u.id', 'other.user_id')
    .select(['u.id', 'u.username'])
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '!=', userId)
    .where('u.brand', '=', brand)
    .limit(20)
    .execute();
  const byAddress = await db
    .selectFrom('addresses as mine')
    .innerJoin('addresses as other', (j) =>
      j
        .on((eb) => eb(eb.fn('lower', ['other.address']), '=', eb.fn('lower', ['mine.address'])))
        .onRef('other.city', '=', 'mine.city'),
    )
    .innerJoin('users as u', 'u.id', 'other.user_id')
    .select(['u.id', 'u.username'])
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '!=', userId)
    .where('u.brand', '=', brand)
    .distinct()
    .limit(20)
    .execute();
  return [
    ...byWithdrawal.map((r) => ({ userId: r.id, username: r.username, via: 'withdrawal_address' as const })),
    ...byAddress.map((r) => ({ userId: r.id, username: r.username, via: 'address' as const })),
  ];
}
