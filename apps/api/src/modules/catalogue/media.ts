/**
 * Demo images drawn by code: goods pictures, category icons, store logos and banners, review
 * photos and home banners are small SVGs whose whole content follows from their URL, so the demo
 * catalogue needs no downloads and no files. Every URL answers the same bytes forever, which lets
 * browsers cache them for a year. Text is XML-escaped; nothing from the URL reaches the markup raw.
 */

/** Icons by name, drawn on a 100x100 grid in `currentColor`. */
export const GLYPHS: Record<string, string> = {
  phone:
    '<rect x="30" y="10" width="40" height="80" rx="7" fill="currentColor"/><rect x="35" y="18" width="30" height="58" rx="2" fill="#fff" opacity=".35"/><circle cx="50" cy="83" r="3" fill="#fff"/>',
  laptop:
    '<rect x="18" y="22" width="64" height="42" rx="4" fill="currentColor"/><rect x="23" y="27" width="54" height="32" fill="#fff" opacity=".35"/><path d="M8 70h84l-6 9H14z" fill="currentColor"/>',
  headphones:
    '<path d="M20 60V48a30 30 0 0 1 60 0v12" fill="none" stroke="currentColor" stroke-width="7"/><rect x="14" y="56" width="16" height="28" rx="6" fill="currentColor"/><rect x="70" y="56" width="16" height="28" rx="6" fill="currentColor"/>',
  watch:
    '<rect x="38" y="8" width="24" height="84" rx="6" fill="currentColor" opacity=".6"/><circle cx="50" cy="50" r="24" fill="currentColor"/><circle cx="50" cy="50" r="18" fill="#fff" opacity=".4"/><path d="M50 38v13l9 6" stroke="currentColor" stroke-width="4" fill="none"/>',
  camera:
    '<rect x="12" y="30" width="76" height="52" rx="8" fill="currentColor"/><rect x="34" y="20" width="24" height="14" rx="3" fill="currentColor"/><circle cx="50" cy="56" r="17" fill="#fff" opacity=".45"/><circle cx="50" cy="56" r="10" fill="currentColor"/>',
  shirt:
    '<path d="M35 14l-25 14 9 18 9-5v47h44V41l9 5 9-18-25-14c-2 7-8 11-15 11s-13-4-15-11z" fill="currentColor"/>',
  dress: '<path d="M40 10h20l-3 18 8 8-2 8 19 46H18l19-46-2-8 8-8z" fill="currentColor"/>',
  shoe: '<path d="M10 72V48c10 0 16-6 22-16 8 8 18 14 30 16l22 6c6 2 8 6 8 10v8z" fill="currentColor"/><rect x="10" y="72" width="82" height="8" rx="3" fill="currentColor" opacity=".6"/>',
  bag: '<path d="M34 34v-8a16 16 0 0 1 32 0v8" fill="none" stroke="currentColor" stroke-width="6"/><path d="M18 34h64l6 54H12z" fill="currentColor"/>',
  sofa: '<rect x="20" y="34" width="60" height="24" rx="6" fill="currentColor" opacity=".7"/><rect x="8" y="46" width="16" height="30" rx="6" fill="currentColor"/><rect x="76" y="46" width="16" height="30" rx="6" fill="currentColor"/><rect x="22" y="56" width="56" height="20" rx="4" fill="currentColor"/><rect x="14" y="76" width="6" height="10" fill="currentColor"/><rect x="80" y="76" width="6" height="10" fill="currentColor"/>',
  lamp: '<path d="M32 12h36l12 34H20z" fill="currentColor"/><rect x="47" y="46" width="6" height="34" fill="currentColor"/><rect x="30" y="80" width="40" height="8" rx="3" fill="currentColor"/>',
  pot: '<rect x="16" y="38" width="68" height="40" rx="10" fill="currentColor"/><rect x="4" y="44" width="14" height="6" rx="3" fill="currentColor"/><rect x="82" y="44" width="14" height="6" rx="3" fill="currentColor"/><rect x="12" y="32" width="76" height="8" rx="4" fill="currentColor" opacity=".7"/><rect x="44" y="22" width="12" height="10" rx="3" fill="currentColor"/>',
  lipstick:
    '<rect x="34" y="52" width="32" height="38" rx="4" fill="currentColor"/><rect x="38" y="36" width="24" height="18" fill="currentColor" opacity=".7"/><path d="M40 36V18l20-8v26z" fill="currentColor"/>',
  bottle:
    '<rect x="42" y="8" width="16" height="12" rx="3" fill="currentColor" opacity=".7"/><path d="M40 20h20v10l8 10v46a6 6 0 0 1-6 6H38a6 6 0 0 1-6-6V40l8-10z" fill="currentColor"/><rect x="36" y="50" width="28" height="18" fill="#fff" opacity=".35"/>',
  ball: '<circle cx="50" cy="50" r="38" fill="currentColor"/><path d="M50 12v76M12 50h76M22 24c16 14 16 38 0 52M78 24c-16 14-16 38 0 52" stroke="#fff" stroke-width="3" fill="none" opacity=".5"/>',
  bike: '<circle cx="24" cy="64" r="16" fill="none" stroke="currentColor" stroke-width="6"/><circle cx="76" cy="64" r="16" fill="none" stroke="currentColor" stroke-width="6"/><path d="M24 64l16-28h26l10 28M40 36l14 28h-30M62 24h10" stroke="currentColor" stroke-width="6" fill="none" stroke-linejoin="round"/>',
  blocks:
    '<rect x="12" y="52" width="36" height="36" rx="3" fill="currentColor"/><rect x="52" y="52" width="36" height="36" rx="3" fill="currentColor" opacity=".7"/><rect x="32" y="14" width="36" height="36" rx="3" fill="currentColor" opacity=".85"/>',
  book: '<path d="M50 22c-10-8-26-10-40-8v66c14-2 30 0 40 8 10-8 26-10 40-8V14c-14-2-30 0-40 8z" fill="currentColor"/><path d="M50 22v66" stroke="#fff" stroke-width="3" opacity=".5"/>',
  car: '<path d="M10 62l8-22c2-6 6-8 12-8h40c6 0 10 2 12 8l8 22v14H10z" fill="currentColor"/><circle cx="28" cy="76" r="9" fill="currentColor" opacity=".7"/><circle cx="72" cy="76" r="9" fill="currentColor" opacity=".7"/><rect x="24" y="40" width="52" height="14" rx="3" fill="#fff" opacity=".35"/>',
  paw: '<ellipse cx="50" cy="66" rx="20" ry="17" fill="currentColor"/><circle cx="24" cy="44" r="9" fill="currentColor"/><circle cx="40" cy="28" r="9" fill="currentColor"/><circle cx="60" cy="28" r="9" fill="currentColor"/><circle cx="76" cy="44" r="9" fill="currentColor"/>',
  apple:
    '<path d="M50 30c-10-8-34-6-34 20 0 22 16 40 26 40 4 0 6-2 8-2s4 2 8 2c10 0 26-18 26-40 0-26-24-28-34-20z" fill="currentColor"/><path d="M50 30c0-10 6-18 14-20" stroke="currentColor" stroke-width="5" fill="none"/>',
  gift: '<rect x="14" y="40" width="72" height="48" rx="3" fill="currentColor"/><rect x="10" y="28" width="80" height="14" rx="3" fill="currentColor" opacity=".8"/><rect x="46" y="28" width="8" height="60" fill="#fff" opacity=".45"/><path d="M50 28c-6-14-24-16-22-4 1 4 10 4 22 4 12 0 21 0 22-4 2-12-16-10-22 4z" fill="currentColor"/>',
  tools:
    '<path d="M64 10a18 18 0 0 0-16 24L14 68a8 8 0 0 0 12 12l34-34a18 18 0 0 0 24-16l-12 6-8-8z" fill="currentColor"/>',
  store:
    '<path d="M12 40l8-24h60l8 24z" fill="currentColor"/><rect x="18" y="40" width="64" height="44" fill="currentColor" opacity=".75"/><rect x="42" y="58" width="16" height="26" fill="#fff" opacity=".45"/>',
};

export const GLYPH_NAMES = Object.keys(GLYPHS);

const SEED = /^[0-9a-z]{1,16}$/;

/** A deterministic 32-bit hash of a string (FNV-1a). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function palette(seed: string): { hue: number; bg1: string; bg2: string; ink: string; accent: string } {
  const h = hash32(seed);
  const hue = h % 360;
  return {
    hue,
    bg1: `hsl(${hue} 70% 92%)`,
    bg2: `hsl(${(hue + 40) % 360} 65% 80%)`,
    ink: `hsl(${hue} 55% 38%)`,
    accent: `hsl(${(hue + 180) % 360} 60% 55%)`,
  };
}

function svg(width: number, height: number, viewBox: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;
}

/** A product picture: the category's glyph on a gradient; `variant` turns and recolours it. */
export function goodsImage(glyph: string, seed: string, variant: number, size: number): string | undefined {
  const art = GLYPHS[glyph];
  if (!art || !SEED.test(seed) || variant < 0 || variant > 9) return undefined;
  const p = palette(`${seed}${variant}`);
  const angle = (hash32(seed) % 21) - 10 + variant * 7;
  const id = `g${seed}${variant}`;
  return svg(
    size,
    size,
    '0 0 100 100',
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>` +
      `<rect width="100" height="100" fill="url(#${id})"/>` +
      `<circle cx="${78 - variant * 4}" cy="${20 + variant * 3}" r="${10 + variant}" fill="${p.accent}" opacity=".25"/>` +
      '<ellipse cx="50" cy="88" rx="30" ry="4" fill="#000" opacity=".12"/>' +
      `<g transform="translate(50 50) rotate(${angle}) scale(.62) translate(-50 -50)" color="${p.ink}">${art}</g>`,
  );
}

/** A category icon: the glyph in a round badge. */
export function categoryIcon(glyph: string): string | undefined {
  const art = GLYPHS[glyph];
  if (!art) return undefined;
  const p = palette(glyph);
  return svg(
    96,
    96,
    '0 0 100 100',
    `<circle cx="50" cy="50" r="48" fill="${p.bg1}"/><g transform="translate(50 50) scale(.56) translate(-50 -50)" color="${p.ink}">${art}</g>`,
  );
}

/** A store logo: its monogram on a colour of its own. */
export function sellerLogo(seed: string, monogram: string): string | undefined {
  if (!SEED.test(seed)) return undefined;
  const text = [...monogram.trim()].slice(0, 2).join('');
  if (text.length === 0) return undefined;
  const p = palette(seed);
  return svg(
    160,
    160,
    '0 0 160 160',
    `<rect width="160" height="160" rx="32" fill="${p.ink}"/><circle cx="128" cy="32" r="40" fill="${p.accent}" opacity=".35"/>` +
      `<text x="80" y="80" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="64" font-weight="700" fill="#fff">${escapeXml(text)}</text>`,
  );
}

/** A store banner: soft waves in the store's colours. */
export function sellerBanner(seed: string): string | undefined {
  if (!SEED.test(seed)) return undefined;
  const p = palette(seed);
  const h = hash32(seed);
  const a = 40 + (h % 60);
  const b = 160 + ((h >> 8) % 80);
  return svg(
    1200,
    300,
    '0 0 1200 300',
    `<rect width="1200" height="300" fill="${p.bg1}"/>` +
      `<path d="M0 ${b} C300 ${b - a} 600 ${b + a} 1200 ${b - a / 2} V300 H0z" fill="${p.bg2}"/>` +
      `<path d="M0 ${b + 50} C400 ${b + 10} 800 ${b + 90} 1200 ${b + 30} V300 H0z" fill="${p.ink}" opacity=".25"/>` +
      `<circle cx="${200 + (h % 800)}" cy="80" r="60" fill="${p.accent}" opacity=".2"/>`,
  );
}

/** Wide characters (CJK, Hangul, full-width forms) take a whole em; the rest about 0.55 em. */
const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/**
 * The largest font size, up to `max`, at which `text` fits in `width` px. An SVG cannot measure
 * its text, so this estimates from the characters (generously: bold Latin letters average ~0.5 em).
 */
export function fittedFontSize(text: string, max: number, width: number): number {
  let ems = 0;
  for (const ch of text) ems += WIDE.test(ch) ? 1 : 0.55;
  return Math.max(16, Math.min(max, Math.floor(width / Math.max(ems, 1))));
}

/** Room for the banner's words: from x = 80 to just before the circle behind the art (x = 830). */
const BANNER_TEXT_WIDTH = 740;

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * A home banner with its title and subtitle drawn in, sized to stay clear of the art. A title in a
 * right-to-left script is laid out as its page is: words from the right edge, the art on the left.
 */
export function bannerImage(
  seed: string,
  title: string,
  subtitle: string,
  glyph: string,
): string | undefined {
  if (!SEED.test(seed)) return undefined;
  const art = GLYPHS[glyph] ?? GLYPHS.gift;
  const p = palette(seed);
  const titleText = [...title].slice(0, 40).join('');
  const subtitleText = [...subtitle].slice(0, 60).join('');
  const t = escapeXml(titleText);
  const s = escapeXml(subtitleText);
  const titleSize = fittedFontSize(titleText, 64, BANNER_TEXT_WIDTH);
  const subtitleSize = fittedFontSize(subtitleText, 32, BANNER_TEXT_WIDTH);
  const id = `b${seed}`;
  const rtl = RIGHT_TO_LEFT.test(titleText);
  // Mirrored for right to left: the art's centre and the words' edge, 200 and 80 px from a side.
  const artX = rtl ? 200 : 1000;
  const words = rtl ? 'x="1120" direction="rtl"' : 'x="80"';
  return svg(
    1200,
    400,
    '0 0 1200 400',
    `<defs><linearGradient id="${id}" x1="${rtl ? 1 : 0}" y1="0" x2="${rtl ? 0 : 1}" y2="0"><stop offset="0" stop-color="${p.ink}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient></defs>` +
      `<rect width="1200" height="400" fill="url(#${id})"/>` +
      `<circle cx="${artX}" cy="200" r="170" fill="#fff" opacity=".15"/>` +
      `<g transform="translate(${artX} 200) scale(2.4) translate(-50 -50)" color="#fff" opacity=".9">${art}</g>` +
      `<text ${words} y="180" font-family="system-ui,sans-serif" font-size="${titleSize}" font-weight="700" fill="#fff">${t}</text>` +
      `<text ${words} y="250" font-family="system-ui,sans-serif" font-size="${subtitleSize}" fill="#fff" opacity=".9">${s}</text>`,
  );
}

/** A buyer's review photo: the goods' glyph, a little off-centre, on a tabletop. */
export function reviewImage(glyph: string, seed: string): string | undefined {
  const art = GLYPHS[glyph];
  if (!art || !SEED.test(seed)) return undefined;
  const p = palette(`r${seed}`);
  const h = hash32(seed);
  const dx = (h % 30) - 15;
  return svg(
    400,
    400,
    '0 0 100 100',
    `<rect width="100" height="100" fill="${p.bg1}"/><rect y="62" width="100" height="38" fill="${p.bg2}"/>` +
      `<g transform="translate(${50 + dx} 50) rotate(${(h >> 4) % 40}) scale(.5) translate(-50 -50)" color="${p.ink}">${art}</g>`,
  );
}
