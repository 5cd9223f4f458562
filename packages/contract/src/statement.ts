/**
 * The wallet statement (issue 26, DESIGN §11): every movement of a user's wallet read from the
 * ledger, with the balance after it and a link to its source. Amounts are decimal strings; a
 * movement's `amount` is what it did to the balance (negative out), `held` what it did to the
 * amount held for pending withdrawals. For any period: opening + Σ amount = closing.
 */
import { z } from 'zod';

export const STATEMENT_TYPES = [
  'deposit',
  'hold',
  'hold_returned',
  'payout',
  'fee',
  'order_payment',
  'refund',
  'settlement',
  'commission',
  'loan_disbursement',
  'loan_repayment',
  'loan_interest',
  'adjustment',
  'other_in',
  'other_out',
] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

export const STATEMENT_SOURCE_KINDS = ['order', 'deposit', 'withdrawal', 'loan'] as const;
export type StatementSourceKind = (typeof STATEMENT_SOURCE_KINDS)[number];

/** Page size of the statement (SPEC §9 lists use 8 or 20; a statement reads better longer). */
export const STATEMENT_PAGE_SIZE = 20;

const money = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Input of GET /api/wallet/statement and GET /api/admin/user/statement (plus `userId` there). */
export const statementQuerySchema = z.object({
  type: z.enum(STATEMENT_TYPES).optional(),
  /** Period start, ms since the epoch, inclusive; default: the beginning. */
  from: z.coerce.number().int().min(0).optional(),
  /** Period end, ms since the epoch, exclusive; default: now. */
  to: z.coerce.number().int().min(0).optional(),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(STATEMENT_PAGE_SIZE),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementRowSchema = z.object({
  /** The ledger transfer's id, with `#hold` or `#return` for the hold and its release. */
  id: z.string(),
  at: z.number().int(),
  type: z.enum(STATEMENT_TYPES),
  /** The ledger's own kind (for a type this mall shows as "other"). */
  kind: z.string(),
  amount: money,
  held: money,
  balanceAfter: money,
  heldAfter: money,
  source: z
    .object({ kind: z.enum(STATEMENT_SOURCE_KINDS), id: z.string(), serialNo: z.string().nullable() })
    .nullable(),
  /** On a settlement: the commission taken from the same order (not a movement of this wallet). */
  commission: money.nullable(),
});
export type StatementRowDto = z.infer<typeof statementRowSchema>;

export const statementHoldSchema = z.object({
  type: z.enum(STATEMENT_TYPES),
  amount: money,
  since: z.number().int(),
  source: statementRowSchema.shape.source,
});
export type StatementHoldDto = z.infer<typeof statementHoldSchema>;

export const statementSchema = z.object({
  currency: z.literal('USDT'),
  from: z.number().int(),
  to: z.number().int(),
  opening: z.object({ balance: money, held: money }),
  closing: z.object({ balance: money, held: money }),
  /** Money in and out over the period, every type (opening + moneyIn − moneyOut = closing). */
  moneyIn: money,
  moneyOut: money,
  /** Now: the balance, what is held and by what, and what is free to use. */
  balance: money,
  available: money,
  held: money,
  holds: z.array(statementHoldSchema),
  pageList: z.array(statementRowSchema),
  pageInfo: z.object({ pageNum: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});
export type StatementDto = z.infer<typeof statementSchema>;
