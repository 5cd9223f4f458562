/** Text inputs shared by routes: one line (names) or prose (descriptions), never control characters. */
import { z } from 'zod';

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
