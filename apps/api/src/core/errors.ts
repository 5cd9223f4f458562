/**
 * Raising a catalogue error: `throw new AppError('ORDER_NOT_PENDING')`. The error handler turns it
 * into an envelope in the caller's language. Only catalogue keys exist, so the compiler keeps us honest.
 */
import { ERRORS, type ErrorKey } from '@mall/contract';

export class AppError extends Error {
  readonly key: ErrorKey;
  readonly code: number;
  /** Extra, non-sensitive facts for the client (e.g. the remaining lock time). */
  readonly data: unknown;

  constructor(key: ErrorKey, data: unknown = null) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.code = ERRORS[key].code;
    this.data = data;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
