/**
 * The ledger's accounts by name (DESIGN §5). Ids are deterministic, so a flow names the accounts it
 * moves money between without looking them up; an account is created the first time it is used.
 */
export type AccountKind = 'wallet' | 'escrow' | 'platform' | 'external' | 'loanbook';

export interface AccountSpec {
  id: string;
  kind: AccountKind;
  ownerId: string | null;
  currency: string;
  /** Only money outside the system (external) and the loan book may go below zero. */
  allowNegative: boolean;
  /**
   * A hot account without a floor kept as this many rows (`<id>#00`…), each transfer on the one its
   * id hashes to: on PostgreSQL one row would hold every approval in line behind the one before it
   * until that commits. Its balance is the sum of its rows.
   */
  shards?: number;
}

/** Rows of a sharded account (the number is two digits: reports strip `#nn` to name the account). */
export const EXTERNAL_SHARDS = 16;

/** The row of `spec` a transfer with this id moves: its shard when sharded, else the account's own. */
export function accountRowFor(spec: AccountSpec, transferId: string): AccountSpec {
  if (!spec.shards) return spec;
  // FNV-1a: cheap, and the same id always lands on the same row (a replay finds its transfer).
  let hash = 0x811c9dc5;
  for (let i = 0; i < transferId.length; i++) {
    hash = Math.imul(hash ^ transferId.charCodeAt(i), 0x01000193);
  }
  return { ...spec, id: shardId(spec.id, (hash >>> 0) % spec.shards) };
}

/** Every row an account's balance is kept in: its own (older transfers) and its shards. */
export function accountRowIds(spec: AccountSpec): string[] {
  const ids = [spec.id];
  for (let k = 0; k < (spec.shards ?? 0); k++) ids.push(shardId(spec.id, k));
  return ids;
}

const shardId = (id: string, k: number) => `${id}#${String(k).padStart(2, '0')}`;

export const DEFAULT_CURRENCY = 'USDT';

export type PlatformAccount = 'fees' | 'commission' | 'interest';

export const ledgerAccounts = {
  /** A user's (buyer's or seller's) wallet: never below zero. */
  wallet(userId: string, currency = DEFAULT_CURRENCY): AccountSpec {
    return {
      id: `wallet:${userId}:${currency}`,
      kind: 'wallet',
      ownerId: userId,
      currency,
      allowNegative: false,
    };
  },
  /** An order's escrow: the buyer's payment waits here until settlement or refund. */
  escrow(orderId: string, currency = DEFAULT_CURRENCY): AccountSpec {
    return {
      id: `escrow:${orderId}:${currency}`,
      kind: 'escrow',
      ownerId: orderId,
      currency,
      allowNegative: false,
    };
  },
  /** The platform's income: withdrawal fees, sales commission, loan interest. */
  platform(name: PlatformAccount, currency = DEFAULT_CURRENCY): AccountSpec {
    return {
      id: `platform:${name}:${currency}`,
      kind: 'platform',
      ownerId: null,
      currency,
      allowNegative: false,
    };
  },
  /**
   * Money outside the system, per way in or out (a chain network, a payment gateway, bank cards):
   * its balance is minus what came in plus what went out.
   */
  external(channel: string, currency = DEFAULT_CURRENCY): AccountSpec {
    return {
      id: `external:${channel}:${currency}`,
      kind: 'external',
      ownerId: null,
      currency,
      allowNegative: true,
      shards: EXTERNAL_SHARDS,
    };
  },
  /** The platform's lending capital: below zero by the principal that is lent out. */
  loanBook(currency = DEFAULT_CURRENCY): AccountSpec {
    return { id: `loanbook:${currency}`, kind: 'loanbook', ownerId: null, currency, allowNegative: true };
  },
};
