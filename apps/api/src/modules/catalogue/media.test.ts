import { describe, expect, it } from 'vitest';
import { bannerImage, fittedFontSize } from './media.ts';

const sizes = (svg: string) => [...svg.matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));

describe('home banner text', () => {
  it('keeps short words at full size and shrinks long ones to stay clear of the art', () => {
    expect(fittedFontSize('Deals', 64, 740)).toBe(64);
    // 27 characters at 64 px would run into the picture on the right (x > 830).
    const title = fittedFontSize('Year-End Wholesale Festival', 64, 740);
    expect(title).toBeLessThan(64);
    expect(title * 27 * 0.55).toBeLessThanOrEqual(740);
  });

  it('counts CJK and Hangul characters as a whole em', () => {
    expect(fittedFontSize('年终批发节全场折扣进行中现货有限先到先得', 64, 740)).toBe(37);
    expect(fittedFontSize('연말도매페스티벌전카테고리할인', 64, 740)).toBe(49);
  });

  it('draws the title and subtitle at their fitted sizes, never below 16 px', () => {
    const svg = bannerImage('s1', 'Year-End Wholesale Festival', 'Discounts across every category', 'gift');
    expect(sizes(svg ?? '')).toEqual([
      fittedFontSize('Year-End Wholesale Festival', 64, 740),
      fittedFontSize('Discounts across every category', 32, 740),
    ]);
    expect(fittedFontSize('x'.repeat(200), 64, 740)).toBe(16);
  });

  it('lays an Arabic banner out right to left: words from the right edge, the art on the left', () => {
    const arabic = bannerImage('s1', 'مهرجان الجملة لنهاية العام', 'خصومات على كل الفئات', 'gift') ?? '';
    expect(arabic).toContain('<text x="1120" direction="rtl" y="180"');
    expect(arabic).toContain('<circle cx="200" cy="200"');
    const english = bannerImage('s1', 'Year-End Wholesale Festival', 'Discounts', 'gift') ?? '';
    expect(english).toContain('<text x="80" y="180"');
    expect(english).toContain('<circle cx="1000" cy="200"');
  });
});
