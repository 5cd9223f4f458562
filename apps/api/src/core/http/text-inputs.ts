/** Text inputs shared by routes: one line (names) or prose (descriptions), never control characters. */
import { CONTROL_BUT_BREAKS, intInput, lineInput, proseInput } from '@mall/contract/text.inputs';
import { AppError } from '../errors.ts';

// The text checks live in the contract with every call's input; re-exported for the API's modules.
export { intInput, lineInput, proseInput };

/**
 * Refuses a control character other than a tab or line break anywhere in the parameters (nested
 * too), before any route reads them: PostgreSQL cannot store a NUL byte and would fail the
 * request, SQLite would store it; both now answer PARAMETER_ERROR naming the top-level field.
 */
export function assertNoControlCharacters(params: Readonly<Record<string, unknown>>): void {
  for (const field in params) {
    if (hasControl(params[field], 0)) throw new AppError('PARAMETER_ERROR', { field });
  }
}

function hasControl(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return CONTROL_BUT_BREAKS.test(value);
  if (typeof value !== 'object' || value === null || depth > 8) return false;
  for (const key in value) {
    if (CONTROL_BUT_BREAKS.test(key)) return true;
    if (hasControl((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
