/**
 * Which form field a server error belongs to, so the message appears under the field as well as in
 * the toast. Keys not listed belong to the form as a whole.
 */
import type { ErrorKey } from '@mall/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/errors.ts';

export type WalletField =
  | 'amount'
  | 'txHash'
  | 'proof'
  | 'bankName'
  | 'cardNumber'
  | 'address'
  | 'fundPassword';

const FIELD_OF: Partial<Record<ErrorKey, WalletField>> = {
  AMOUNT_FORMAT: 'amount',
  DEPOSIT_UNDER_MIN: 'amount',
  DEPOSIT_OVER_MAX: 'amount',
  WITHDRAW_UNDER_LIMIT: 'amount',
  WITHDRAW_OVER_LIMIT: 'amount',
  INSUFFICIENT_BALANCE: 'amount',
  TX_HASH_FORMAT: 'txHash',
  TX_HASH_ALREADY_SUBMITTED: 'txHash',
  IMAGE_NOT_FOUND: 'proof',
  BANK_NAME_REQUIRED: 'bankName',
  CARD_NUMBER_FORMAT: 'cardNumber',
  WITHDRAW_ADDRESS_FORMAT: 'address',
  WITHDRAW_ADDRESS_ALREADY_BOUND: 'address',
  WRONG_FUND_PASSWORD: 'fundPassword',
  FUND_PASSWORD_LOCKED: 'fundPassword',
  FUND_PASSWORD_NOT_SET: 'fundPassword',
  FUND_PASSWORD_FORMAT: 'fundPassword',
};

export type FieldErrors = Partial<Record<WalletField, string>>;

/** The field and translated message of a failed call (the field is undefined for form-wide errors). */
export function fieldErrorOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.key) return {};
  const field = FIELD_OF[error.key as ErrorKey];
  return field ? { [field]: failureText(error) } : {};
}
