/**
 * Unicode isolates for values put into translated sentences, where a `<bdi>` cannot go (plain
 * strings: placeholders, dialog bodies). In Arabic, "1.00 USDT" or "00:00–24:00" inside a sentence
 * would otherwise be reordered by the bidi algorithm ("USDT 1.00", "24:00–00:00").
 */
/** Left to right, whatever surrounds it: amounts with units, times, addresses. */
export const ltr = (text: string): string => `\u2066${text}\u2069`;
/** In its own direction (first strong character): free text such as an operator's remark. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
/**
 * Left to right and on one line: a date and time inside a sentence, its spaces and hyphens made
 * non-breaking. At 360 px "2027-01-09 08:37:03" broke after "2027-01-".
 */
export const ltrUnbroken = (text: string): string =>
  ltr(text.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011'));
