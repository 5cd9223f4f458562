import { describe, expect, it } from 'vitest';
import { colourShades } from './colour-shades.ts';

const lightness = (hex: string) =>
  [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);

describe('colourShades', () => {
  it('keeps the brand colour at the primary shade and runs from light to dark', () => {
    const shades = colourShades('#e4572e');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#e4572e');
    for (let i = 1; i < 10; i++) expect(lightness(shades[i]!)).toBeLessThan(lightness(shades[i - 1]!));
  });

  it('reads three-digit colours and leaves unreadable ones as they are', () => {
    expect(colourShades('#fff')[6]).toBe('#ffffff');
    expect(colourShades('var(--x)')).toEqual(Array.from({ length: 10 }, () => 'var(--x)'));
  });

  it('gives light buttons a pale background and a dark label', () => {
    const [, light, , , , , , , , lightText] = colourShades('#0f766e');
    expect(lightness(light!)).toBeGreaterThan(600);
    expect(lightness(lightText!)).toBeLessThan(200);
  });
});
