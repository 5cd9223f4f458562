/**
 * The wallet statement's types and constants (issue 26). Types and plain values only, so the
 * front ends' bundles stay free of zod; the zod schemas of its calls are in schemas/statement.ts
 * (`@mall/contract/schemas/statement`), typed to these.
 */
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

/** Page size of the statement. */
export const STATEMENT_PAGE_SIZE = 20;

export interface StatementQuery {
  type?: StatementType | undefined;
  /** Period start, ms since the epoch, inclusive; default: the beginning. */
  from?: number | undefined;
  /** Period end, ms since the epoch, exclusive; default: now. */
  to?: number | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

export interface StatementSourceDto {
  kind: StatementSourceKind;
  id: string;
  serialNo: string | null;
}

export interface StatementRowDto {
  /** The ledger transfer's id, with `#hold` or `#return` for the hold and its release. */
  id: string;
  at: number;
  type: StatementType;
  /** The ledger's own kind (for a type this mall shows as "other"). */
  kind: string;
  /** What it did to the balance (negative: out). */
  amount: string;
  /** What it did to the amount held for withdrawals. */
  held: string;
  balanceAfter: string;
  heldAfter: string;
  source: StatementSourceDto | null;
  /** On a settlement: the commission taken from the same order (not a movement of this wallet). */
  commission: string | null;
  /** A chain deposit's or payout's transaction hash (null for other rails). */
  txHash: string | null;
  /** The hash on the network's explorer (the deployment's CHAIN_EXPLORERS), or null. */
  explorerUrl: string | null;
}

export interface StatementHoldDto {
  type: StatementType;
  amount: string;
  since: number;
  source: StatementSourceDto | null;
}

export interface StatementDto {
  currency: 'USDT';
  from: number;
  to: number;
  opening: { balance: string; held: string };
  closing: { balance: string; held: string };
  /** Money in and out over the period, every type (opening + moneyIn − moneyOut = closing). */
  moneyIn: string;
  moneyOut: string;
  /** Now: the balance, what is free to use and what is held, and by what. */
  balance: string;
  available: string;
  held: string;
  holds: StatementHoldDto[];
  pageList: StatementRowDto[];
  pageInfo: { pageNum: number; pageSize: number; total: number };
}
