/**
 * The wallet statement's calls as zod schemas (issue 26, DESIGN §11), kept out of the contract's
 * barrel so the front ends do not bundle zod: every movement of a user's wallet read from the
 * ledger, with the balance after it and a link to its source. For any period: opening + Σ amount =
 * closing. The types they produce are the barrel's (../statement.ts); the checks below keep the two
 * the same.
 */
import { z } from 'zod';
import {
  STATEMENT_PAGE_SIZE,
  STATEMENT_SOURCE_KINDS,
  STATEMENT_TYPES,
  type StatementDto,
  type StatementQuery,
} from '../statement.ts';

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
  /** A chain deposit's or payout's transaction hash (null for other rails). */
  txHash: z.string().nullable(),
  /** The hash on the network's explorer (the deployment's CHAIN_EXPLORERS), or null. */
  explorerUrl: z.string().nullable(),
});

export const statementHoldSchema = z.object({
  type: z.enum(STATEMENT_TYPES),
  amount: money,
  since: z.number().int(),
  source: statementRowSchema.shape.source,
});

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

// The schemas and the barrel's types agree both ways (a difference does not compile).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const statementTypesAgree: Same<z.infer<typeof statementSchema>, StatementDto> = true;
// A parsed query is a StatementQuery (its input is coerced from strings, so only this way round).
export type ParsedStatementQuery = z.output<typeof statementQuerySchema> & StatementQuery;
