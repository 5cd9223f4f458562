import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

type Int = number | bigint;

/**
 * A loan application and, once approved, the loan. `open_slot` is 1 while it is applying, running
 * or overdue and null afterwards: a unique (user_id, open_slot) lets one user hold one open loan.
 * The product's terms are copied in at application, so a later change of the params never touches it.
 */
export interface LoansTable {
  id: string;
  serial_no: string;
  brand: string;
  user_id: string;
  status: string;
  open_slot: Int | null;
  currency: string;
  amount: BigIntColumn;
  term_days: Int;
  method: string;
  cycle_days: Int;
  annual_rate_bp: Int;
  overdue_rate_bp: Int;
  payout_method: string;
  real_name: string;
  nationality: string;
  id_type: string;
  id_number: string;
  id_photo: string;
  total_interest: BigIntColumn;
  refuse_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableBigIntColumn;
  disbursed_at: NullableBigIntColumn;
  maturity_at: NullableBigIntColumn;
  repaid_at: NullableBigIntColumn;
  paid_principal: BigIntColumn;
  paid_interest: BigIntColumn;
  paid_overdue: BigIntColumn;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

/** The schedule of a disbursed loan: one row per instalment. */
export interface LoanInstalmentsTable {
  loan_id: string;
  seq: Int;
  due_at: BigIntColumn;
  period_days: Int;
  opening_principal: BigIntColumn;
  principal: BigIntColumn;
  interest: BigIntColumn;
  /** pending | overdue | paid */
  status: string;
  overdue_at: NullableBigIntColumn;
  paid_principal: BigIntColumn;
  paid_interest: BigIntColumn;
  paid_overdue: BigIntColumn;
  paid_at: NullableBigIntColumn;
  repayment_id: string | null;
}

/** Money paid back: one row per repayment (one or two ledger transfers). */
export interface LoanRepaymentsTable {
  id: string;
  loan_id: string;
  user_id: string;
  /** instalment | full */
  type: string;
  /** The client's key for this attempt: the same key again answers the first result. */
  request_key: string | null;
  amount: BigIntColumn;
  principal: BigIntColumn;
  interest: BigIntColumn;
  overdue: BigIntColumn;
  created_at: BigIntColumn;
}

/** The history of a loan: every state change and every payment. */
export interface LoanEventsTable {
  id: string;
  loan_id: string;
  type: string;
  from_status: string | null;
  to_status: string;
  amount: NullableBigIntColumn;
  seq: Int | null;
  remark: string | null;
  actor_id: string | null;
  created_at: BigIntColumn;
}
