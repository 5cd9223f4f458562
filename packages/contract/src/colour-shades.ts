/**
 * Ten shades of a brand colour for the component library's palette (lightest first, the brand's
 * own colour at index 6, its primary shade). Mantine's light variants draw their background from
 * shade 1 and their text from shade 9, so ten copies of one colour made such buttons a blank block.
 */
const TINTS = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16];
const SHADES = [0.14, 0.28, 0.42];

function parseHex(colour: string): [number, number, number] | null {
  const hex = colour.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Mixes `rgb` towards `target` (0..255 per channel) by `weight` (0 = unchanged, 1 = target). */
const mix = (rgb: number[], target: number, weight: number) => rgb.map((v) => v + (target - v) * weight);

export function colourShades(colour: string): string[] {
  const rgb = parseHex(colour);
  // A colour we cannot read (a CSS name, a variable) still works as ten equal shades.
  if (!rgb) return Array.from({ length: 10 }, () => colour);
  return [
    ...TINTS.map((w) => toHex(mix(rgb, 255, w))),
    toHex(rgb),
    ...SHADES.map((w) => toHex(mix(rgb, 0, w))),
  ];
}
