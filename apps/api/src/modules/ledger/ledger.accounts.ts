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
}

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
    };
  },
  /** The platform's lending capital: below zero by the principal that is lent out. */
  loanBook(currency = DEFAULT_CURRENCY): AccountSpec {
    return { id: `loanbook:${currency}`, kind: 'loanbook', ownerId: null, currency, allowNegative: true };
  },
};
