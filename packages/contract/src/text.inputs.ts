/**
 * Input pieces shared by the API's calls (imported by the API only, never by the front ends, so
 * zod stays out of their bundles): one line (names), prose (descriptions), whole numbers.
 */
import { z } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and tabs are allowed in prose
export const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

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
