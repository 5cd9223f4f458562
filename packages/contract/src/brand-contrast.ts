/**
 * Colours a brand's pages actually wear, computed from the operator's theme so that text and the
 * surface under it always reach WCAG 2.2 AA (4.5:1): a brand colour too light for white text on a
 * button, or for links and prices on white, is darkened (or, on a dark background, lightened) in
 * small steps until it passes. The operator's own colours stay in the settings; pages use these.
 */
import type { BrandTheme } from './brands.ts';

export const AA_TEXT_CONTRAST = 4.5;
const WHITE = '#ffffff';
/** The storefront's page background (theme/global.css --page). */
const PAGE = '#f5f6f8';

type Rgb = [number, number, number];

function parse(colour: string): Rgb | null {
  const hex = colour.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const hex = (rgb: readonly number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21); 21 when either cannot be read. */
export function contrastRatio(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return 21;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` mixed towards white by `weight` (0..1): the light tints pages put behind brand text. */
export function tint(colour: string, weight: number): string {
  const rgb = parse(colour);
  return rgb ? hex(rgb.map((v) => v + (255 - v) * weight)) : colour;
}

/**
 * `colour`, or the nearest shade of it (towards black on light backgrounds, towards white on dark
 * ones) that reaches `ratio` against every one of `backgrounds`.
 */
export function readableOn(colour: string, backgrounds: readonly string[], ratio = AA_TEXT_CONTRAST): string {
  let rgb = parse(colour);
  const under = backgrounds.map(parse).filter((b): b is Rgb => b !== null);
  if (!rgb || under.length === 0) return colour;
  const darken = under.reduce((s, b) => s + luminance(b), 0) / under.length > 0.18;
  const target = darken ? 0 : 255;
  for (let step = 0; step < 60; step++) {
    const candidate = hex(rgb);
    if (backgrounds.every((b) => contrastRatio(candidate, b) >= ratio)) return candidate;
    rgb = rgb.map((v) => v + (target - v) * 0.06) as Rgb;
  }
  return darken ? '#000000' : WHITE;
}

export interface AccessibleColours {
  /** Fill of buttons and badges that carry `onPrimary` text. */
  primary: string;
  onPrimary: string;
  /** Links, prices and active labels on the light surfaces (white, the page, the header, light tints). */
  primaryText: string;
  /** Fill of accent badges and boxes that carry `onPrimary` text. */
  accent: string;
  /** Accent as text on the light surfaces. */
  accentText: string;
  onFooter: string;
}

export function accessibleColours(theme: BrandTheme): AccessibleColours {
  const surfaces = [WHITE, PAGE, theme.header, tint(theme.primary, 0.88)];
  return {
    primary: readableOn(theme.primary, [theme.onPrimary]),
    onPrimary: theme.onPrimary,
    primaryText: readableOn(theme.primary, surfaces),
    accent: readableOn(theme.accent, [theme.onPrimary]),
    accentText: readableOn(theme.accent, [WHITE, PAGE, theme.header]),
    onFooter: readableOn(theme.onFooter, [theme.footer]),
  };
}

/**
 * CSS variables that keep the component library's light and subtle variants readable: for each
 * palette (ten shades, lightest first), the text colour of `light` buttons, badges and `c="name"`
 * text becomes its darkest shade, darkened further until it reaches 4.5:1 on white and on the
 * variant's own background (the primary shade at about 10-15 % over white).
 */
export function readablePaletteVariables(
  palettes: Record<string, readonly string[]>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(palettes)) {
    const base = shades[6];
    const darkest = shades[9];
    if (!base || !darkest) continue;
    // The variant's tint, and the palette's two lightest shades some components fill with.
    const under = [WHITE, PAGE, tint(base, 0.85), ...shades.slice(0, 2)];
    const text = readableOn(darkest, under);
    out[`--mantine-color-${name}-light-color`] = text;
    out[`--mantine-color-${name}-text`] = text;
  }
  return out;
}
