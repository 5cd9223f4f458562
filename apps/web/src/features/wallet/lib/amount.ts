/**
 * The wallet form checks, written to give the same verdict as the server (recharge.service.ts and
 * withdraw.service.ts) before a request is sent. Amounts are exact: bigint units at 10^10 from
 * decimal strings, never JS numbers, parsed and printed by the contract's money helpers.
 */
import type { ChainNetwork, ErrorKey } from '@mall/contract';

import { ACCOUNT_RULES } from '@mall/contract/accounts';
import { MONEY_DECIMALS, MONEY_SCALE, parseMoney } from '@mall/contract/money';

import { formatMoney } from '../../../lib/money-text.ts';

export const SCALE = MONEY_SCALE;

/** Units of a plain decimal string with at most `maxDecimals` decimals; undefined when it is not one. */
export function parseUnits(input: string, maxDecimals: number = MONEY_DECIMALS): bigint | undefined {
  const parsed = parseMoney(input, Math.min(maxDecimals, MONEY_DECIMALS));
  return parsed.ok ? parsed.units : undefined;
}

/** Units as a plain decimal string, trailing zeros trimmed ("12.5"). */
export const unitsToText = (units: bigint): string => formatMoney(units);

/** The fund password's shape (accounts: exactly six digits); anything else would count as wrong. */
export function fundPasswordShapeValid(value: string): boolean {
  return ACCOUNT_RULES.fundPasswordPattern.test(value);
}

export type AmountVerdict = { ok: true; units: bigint } | { ok: false; key: ErrorKey };

export interface AmountBounds {
  decimals: number;
  min: string;
  max: string;
}

/** Units of a decimal string the server sent (always well formed); 0 for anything else. */
export function toUnits(text: string | null | undefined): bigint {
  return parseUnits(text ?? '') ?? 0n;
}

/** A typed amount: greater than 0, at most `decimals` decimals, no sign, exponent or NaN. */
export function parseAmountInput(text: string, decimals: number): AmountVerdict {
  const units = parseUnits(text, decimals);
  if (units === undefined || units <= 0n) return { ok: false, key: 'AMOUNT_FORMAT' };
  return { ok: true, units };
}

/** A deposit amount against the channel's decimals and limits (DEPOSIT_UNDER_MIN / OVER_MAX). */
export function checkDeposit(text: string, bounds: AmountBounds): AmountVerdict {
  const verdict = parseAmountInput(text, bounds.decimals);
  if (!verdict.ok) return verdict;
  if (verdict.units < toUnits(bounds.min)) return { ok: false, key: 'DEPOSIT_UNDER_MIN' };
  if (verdict.units > toUnits(bounds.max)) return { ok: false, key: 'DEPOSIT_OVER_MAX' };
  return verdict;
}

export interface WithdrawBounds {
  min: string;
  max: string;
  feeFixed: string;
  feeRateBp: number;
  available: string;
}

/** The server's fee: the fixed part plus parts per 10,000 of the amount, rounded down to the cent. */
export function withdrawFee(amount: bigint, feeFixed: string, feeRateBp: number): bigint {
  const cent = SCALE / 100n;
  return toUnits(feeFixed) + ((amount * BigInt(feeRateBp)) / 10_000n / cent) * cent;
}

/** A withdrawal amount: format (10 decimals), limits, more than its fee, covered by the balance. */
export function checkWithdraw(text: string, bounds: WithdrawBounds): AmountVerdict {
  const verdict = parseAmountInput(text, 10);
  if (!verdict.ok) return verdict;
  if (verdict.units < toUnits(bounds.min)) return { ok: false, key: 'WITHDRAW_UNDER_LIMIT' };
  if (verdict.units > toUnits(bounds.max)) return { ok: false, key: 'WITHDRAW_OVER_LIMIT' };
  if (verdict.units <= withdrawFee(verdict.units, bounds.feeFixed, bounds.feeRateBp))
    return { ok: false, key: 'WITHDRAW_UNDER_LIMIT' };
  if (verdict.units > toUnits(bounds.available)) return { ok: false, key: 'INSUFFICIENT_BALANCE' };
  return verdict;
}

/** USDT credited for `amount` units of a coin at `rate` (USDT per coin), rounded down like the server. */
export function creditFor(amount: bigint, rate: string): bigint {
  return (amount * toUnits(rate)) / SCALE;
}

/**
 * How a settled recharge compares with its claim: the amount claimed converted at the record's
 * rate beside what was credited. `undefined` while nothing was credited.
 */
export function paymentDifference(record: {
  status: string;
  type: string;
  amount: string;
  actualAmount: string;
  rate: string;
}): 'under' | 'over' | 'exact' | undefined {
  if (record.type === 'withdraw' || record.status !== 'success') return undefined;
  const expected = creditFor(toUnits(record.amount), record.rate);
  const credited = toUnits(record.actualAmount);
  if (credited < expected) return 'under';
  if (credited > expected) return 'over';
  return 'exact';
}

/** An amount for display: the one formatter of every page (lib/money-text.ts `formatMoney`). */
export function formatAmount(
  text: string | bigint | null | undefined,
  minDecimals = 2,
  maxDecimals?: number,
): string {
  return formatMoney(text, minDecimals, maxDecimals);
}

/** A long hash or address shortened in the middle: 0x1234ab…cdef12. */
export function shorten(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** The transaction hash shape per network (0x + 64 hex on ERC20, 64 hex on TRC20 and BTC). */
export function txHashValid(network: ChainNetwork, text: string): boolean {
  const hash = text.trim();
  return network === 'ERC20' ? /^0x[0-9a-fA-F]{64}$/.test(hash) : /^[0-9a-fA-F]{64}$/.test(hash);
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/**
 * The address shape per network; the server also checks the checksum (base58check, EIP-55,
 * bech32), which needs hashing code the storefront does not carry.
 */
export function addressShapeValid(network: ChainNetwork, text: string): boolean {
  const address = text.trim();
  switch (network) {
    case 'TRC20':
      return new RegExp(`^T${BASE58}{33}$`).test(address);
    case 'ERC20':
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case 'BTC':
      return (
        new RegExp(`^[13]${BASE58}{25,34}$`).test(address) || /^(bc1|BC1)[0-9a-zA-Z]{8,87}$/.test(address)
      );
  }
}

/** Luhn's check digit, as the server checks the card number (12-19 digits, spaces and dashes ignored). */
export function cardNumberValid(text: string): boolean {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
