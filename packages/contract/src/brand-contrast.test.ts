import { describe, expect, it } from 'vitest';
import { accessibleColours, contrastRatio, readableOn, tint } from './brand-contrast.ts';
import { BRANDS } from './brands.ts';

describe('brand colours for contrast (WCAG 2.2 AA)', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#e4572e', '#ffffff')).toBeCloseTo(3.68, 2);
  });

  it('keeps a colour that already passes and darkens one that does not', () => {
    expect(readableOn('#1d4ed8', ['#ffffff'])).toBe('#1d4ed8');
    const darker = readableOn('#e4572e', ['#ffffff']);
    expect(darker).not.toBe('#e4572e');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Close to the original: a shade, not black.
    expect(contrastRatio(darker, '#ffffff')).toBeLessThan(5.5);
    // On a dark background the colour is lightened instead.
    expect(contrastRatio(readableOn('#334155', ['#0f172a']), '#0f172a')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(BRANDS.map((b) => [b.key, b.theme] as const))(
    '%s: every text and surface pair reaches 4.5:1',
    (_key, theme) => {
      const c = accessibleColours(theme);
      expect(contrastRatio(c.primary, c.onPrimary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(c.accent, c.onPrimary)).toBeGreaterThanOrEqual(4.5);
      for (const surface of ['#ffffff', '#f5f6f8', theme.header, tint(theme.primary, 0.88)]) {
        expect(contrastRatio(c.primaryText, surface)).toBeGreaterThanOrEqual(4.5);
      }
      for (const surface of ['#ffffff', '#f5f6f8', theme.header]) {
        expect(contrastRatio(c.accentText, surface)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(c.onFooter, theme.footer)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
