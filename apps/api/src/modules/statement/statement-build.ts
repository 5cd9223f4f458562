/**
 * Builds a wallet's statement from its ledger transfers (pure: no database here).
 *
 * Every transfer becomes one or two movements: a plain transfer moves the balance when it is
 * written; a held one (a withdrawal) first holds the amount (the balance is unchanged, the held
 * amount grows), then either pays it out (balance and held both fall) or returns it (held falls).
 *
 * Order: the ledger stored each wallet's balance right after every posted transfer, so the order
 * transfers really took is the one where each stored balance is the one before it plus the
 * movement. Timestamps alone can disagree (two transactions read the clock, then queue on the
 * wallet's row), so movements are ordered by time and, among those close in time, into that chain.
 */
import type { StatementType } from '@mall/contract';
import type { WalletTransfer } from '../ledger/index.ts';
import { meaningOf } from './statement-kinds.ts';

export interface Movement {
  id: string;
  at: number;
  type: StatementType;
  kind: string;
  /** What it did to the balance (negative: out). */
  amount: bigint;
  /** What it did to the held amount. */
  held: bigint;
  /** The ledger's balance after it, for a movement of the balance. */
  storedAfter: bigint | null;
  source: {
    kind: NonNullable<ReturnType<typeof meaningOf>['source']>;
    id: string;
    serialNo: string | null;
  } | null;
}

export interface StatementRow extends Movement {
  balanceAfter: bigint;
  heldAfter: bigint;
}

export interface BuiltStatement {
  opening: { balance: bigint; held: bigint };
  closing: { balance: bigint; held: bigint };
  moneyIn: bigint;
  moneyOut: bigint;
  /** The period's movements, oldest first. */
  rows: StatementRow[];
}

/** How far apart in time two movements may be and still be put in the ledger's chain order. */
const CHAIN_WINDOW_MS = 30_000;
/** Search steps before falling back to time order (never reached by a consistent ledger). */
const CHAIN_STEP_LIMIT = 200_000;

export function movementsOf(transfers: readonly WalletTransfer[]): Movement[] {
  const out: Movement[] = [];
  for (const t of transfers) {
    const meaning = meaningOf(t.kind, t.outgoing);
    const source =
      meaning.source && t.reference ? { kind: meaning.source, id: t.reference, serialNo: t.memo } : null;
    const base = { kind: t.kind, source, storedAfter: null };
    const signed = t.outgoing ? -t.amount : t.amount;
    const wasHeld = t.status !== 'posted' || t.resolvedAt !== null;
    if (!wasHeld) {
      out.push({
        ...base,
        id: t.id,
        at: t.createdAt,
        type: meaning.type,
        amount: signed,
        held: 0n,
        storedAfter: t.balanceAfter,
      });
      continue;
    }
    // Only money going out is held; the receiving side moves when the hold is posted.
    if (t.outgoing)
      out.push({ ...base, id: `${t.id}#hold`, at: t.createdAt, type: 'hold', amount: 0n, held: t.amount });
    if (t.status === 'posted') {
      out.push({
        ...base,
        id: t.id,
        at: t.resolvedAt ?? t.createdAt,
        type: meaning.type,
        amount: signed,
        held: t.outgoing ? -t.amount : 0n,
        storedAfter: t.balanceAfter,
      });
    } else if (t.status === 'voided' && t.outgoing && t.resolvedAt !== null) {
      out.push({
        ...base,
        id: `${t.id}#return`,
        at: t.resolvedAt,
        type: 'hold_returned',
        amount: 0n,
        held: -t.amount,
      });
    }
  }
  return out;
}

/** The transfer id behind a movement (`<id>#hold`, `<id>#return` → `<id>`). */
const baseId = (id: string) => id.replace(/#(hold|return)$/, '');

const byTime = (a: Movement, b: Movement) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The balance movements in the ledger's chain order: a depth-first search that takes, among the
 * movements within the window of the earliest one left, one whose stored balance follows from the
 * running balance, and backs up on a dead end. Null if none is found within the step limit.
 */
function chainOrder(moves: Movement[], opening: bigint): Movement[] | null {
  const n = moves.length;
  const used = new Uint8Array(n);
  const chosen: number[] = [];
  const resumeAt: number[] = [];
  let running = opening;
  let lowest = 0;
  let tryFrom = 0;
  let steps = 0;
  while (chosen.length < n) {
    if (++steps > CHAIN_STEP_LIMIT) return null;
    while (lowest < n && used[lowest]) lowest++;
    const windowEnd = (moves[lowest]?.at ?? 0) + CHAIN_WINDOW_MS;
    let pick = -1;
    for (let j = Math.max(tryFrom, lowest); j < n && (moves[j]?.at ?? 0) <= windowEnd; j++) {
      const m = moves[j]!;
      if (used[j]) continue;
      if (m.storedAfter !== null && m.storedAfter - m.amount !== running) continue;
      pick = j;
      break;
    }
    if (pick >= 0) {
      used[pick] = 1;
      chosen.push(pick);
      resumeAt.push(pick + 1);
      running += moves[pick]!.amount;
      tryFrom = 0;
      continue;
    }
    const back = chosen.pop();
    if (back === undefined) return null;
    used[back] = 0;
    running -= moves[back]!.amount;
    if (back < lowest) lowest = back;
    tryFrom = resumeAt.pop()!;
  }
  return chosen.map((i) => moves[i]!);
}

/** The statement of the period [from, to) from all the wallet's movements up to `to`. */
export function buildStatement(all: readonly Movement[], from: number, to: number): BuiltStatement {
  let openingBalance = 0n;
  let openingHeld = 0n;
  const inPeriod: Movement[] = [];
  for (const m of all) {
    if (m.at < from) {
      openingBalance += m.amount;
      openingHeld += m.held;
    } else if (m.at < to) {
      inPeriod.push(m);
    }
  }
  inPeriod.sort(byTime);
  const balanceMoves = inPeriod.filter((m) => m.amount !== 0n);
  const holdMoves = inPeriod.filter((m) => m.amount === 0n);
  const chained = chainOrder(balanceMoves, openingBalance) ?? balanceMoves;
  // Holds and returns change no balance: each goes in by time, after the movements at the same
  // time (a deposit and the withdrawal it paid for share a millisecond), except its own payout.
  const ordered: Movement[] = [];
  const done = new Uint8Array(holdMoves.length);
  const indexOf = new Map(holdMoves.map((x, k) => [x.id, k]));
  const emit = (k: number | undefined) => {
    if (k === undefined || done[k]) return;
    done[k] = 1;
    const x = holdMoves[k]!;
    // A release or payout of a hold comes after the hold itself.
    if (x.held < 0n) emit(indexOf.get(`${baseId(x.id)}#hold`));
    ordered.push(x);
  };
  let h = 0;
  for (const m of chained) {
    for (; h < holdMoves.length && holdMoves[h]!.at < m.at; h++) emit(h);
    // At the same time: a returned hold goes before money out (it is what freed the money); the
    // movement's own hold before its payout; other holds after (the money they hold came first).
    for (let k = h; k < holdMoves.length && holdMoves[k]!.at === m.at; k++) {
      if (m.amount < 0n && holdMoves[k]!.held < 0n) emit(k);
    }
    if (m.held < 0n) emit(indexOf.get(`${m.id}#hold`));
    ordered.push(m);
  }
  for (let k = 0; k < holdMoves.length; k++) emit(k);

  let balance = openingBalance;
  let held = openingHeld;
  let moneyIn = 0n;
  let moneyOut = 0n;
  const rows = ordered.map((m) => {
    balance += m.amount;
    held += m.held;
    if (m.amount > 0n) moneyIn += m.amount;
    else moneyOut -= m.amount;
    return { ...m, balanceAfter: balance, heldAfter: held };
  });
  return {
    opening: { balance: openingBalance, held: openingHeld },
    closing: { balance, held },
    moneyIn,
    moneyOut,
    rows,
  };
}
