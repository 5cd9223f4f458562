/** Text inputs shared by routes: one line (names) or prose (descriptions), never control characters. */
import { z } from 'zod';
import { AppError } from '../errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and tabs are allowed in prose
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One line of text: trimmed, 1..max characters, no control characters. */
export function lineInput(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !CONTROL.test(s));
}

/** Prose: trimmed, at most max characters, line breaks and tabs kept; absent or null is empty. */
export function proseInput(max: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .trim()
      .max(max)
      .refine((s) => !CONTROL_BUT_BREAKS.test(s)),
  );
}

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

/**
 * A whole number from a JSON number or a string of digits (an optional sign): `"1e2"`, `"1.0"`,
 * `" 3"` and `[1]` are refused, where z.coerce.number() took them. Absent or empty stays as it is
 * for `.optional()`, `.default()` or MISSING_PARAMETER to decide.
 */
export function intInput(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^[-+]?\d{1,15}$/.test(v) ? Number(v) : v),
    z.number().int().min(min).max(max),
  );
}
