/**
 * What each ledger transfer kind means on a wallet's statement, and which business object its
 * reference names. A kind this table does not know (a new rail's, e.g. on-chain deposits) is shown
 * by its direction: money in is "other_in", money out "other_out", so the statement never drops a
 * movement it cannot name.
 */
import type { StatementSourceKind, StatementType } from '@mall/contract';

interface KindMeaning {
  type: StatementType;
  source: StatementSourceKind | null;
}

const KNOWN: Record<string, KindMeaning> = {
  recharge: { type: 'deposit', source: 'deposit' },
  withdraw: { type: 'payout', source: 'withdrawal' },
  withdraw_fee: { type: 'fee', source: 'withdrawal' },
  pay_order: { type: 'order_payment', source: 'order' },
  refund: { type: 'refund', source: 'order' },
  settle: { type: 'settlement', source: 'order' },
  commission: { type: 'commission', source: 'order' },
  loan_disburse: { type: 'loan_disbursement', source: 'loan' },
  loan_repay: { type: 'loan_repayment', source: 'loan' },
  loan_interest: { type: 'loan_interest', source: 'loan' },
  dust_writeoff: { type: 'adjustment', source: null },
};

export function meaningOf(kind: string, outgoing: boolean): KindMeaning {
  const known = KNOWN[kind];
  if (known) return known;
  // Deposits and withdrawals of other rails carry their record's id as reference.
  if (/deposit|recharge/i.test(kind)) return { type: 'deposit', source: 'deposit' };
  if (/withdraw|payout/i.test(kind)) return { type: 'payout', source: 'withdrawal' };
  return { type: outgoing ? 'other_out' : 'other_in', source: null };
}
