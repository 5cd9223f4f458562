/**
 * The mall's money rounding (issue 26; docs/decisions-pending/wallet.md). The ledger keeps 10^10
 * atomic units per USDT; money a person holds is whole micro-USDT (the token's own 6 decimals);
 * everything the mall computes (loan instalments and interest, withdrawal fees, sales commission)
 * is whole cents, rounded down, in the customer's favour (a loan's last instalment takes the
 * remainder of the principal, so a repaid loan owes exactly 0).
 */

/** 0.01 USDT in atomic units. */
export const CENT = 10n ** 8n;
/** 0.000001 USDT in atomic units: the smallest amount a person holds. */
export const MICRO_USDT = 10n ** 4n;

/** Rounded down to whole cents (amounts are never negative here). */
export function centsDown(units: bigint): bigint {
  return (units / CENT) * CENT;
}
