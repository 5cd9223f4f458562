// Table columns for the bench reports. A cell is padded to its column by the width a terminal
// gives it (Chinese, Japanese and Korean characters take two columns), and always keeps one space
// before the next: `GET /api/search (蓝牙耳)` used to push its row three columns right, and a name
// as long as its column ran into the number after it.

/** Columns `text` takes on a terminal: two for a wide (East Asian) character, one for others. */
export function displayWidth(text) {
  let width = 0;
  for (const char of text) width += isWide(char.codePointAt(0)) ? 2 : 1;
  return width;
}

/** `value` as text, padded with spaces to `width` columns, with at least one space after it. */
export function pad(value, width) {
  const text = String(value);
  return text + ' '.repeat(Math.max(1, width - displayWidth(text)));
}

// The wide ranges of Unicode's East Asian Width (UAX #11) that bench names can hold.
const WIDE_RANGES = [
  [0x1100, 0x115f], // Hangul jamo
  [0x2e80, 0x303e], // CJK radicals, punctuation
  [0x3041, 0x33ff], // kana, CJK symbols
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xff60], // full-width forms
  [0xffe0, 0xffe6], // full-width signs
  [0x20000, 0x3fffd], // CJK extensions B and on
];

function isWide(codePoint) {
  return WIDE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}
