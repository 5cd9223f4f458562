import { describe, expect, it } from 'vitest';
import { isolate, ltr, ltrUnbroken } from './bidi.ts';

describe('bidi isolates', () => {
  it('wraps a value left to right, or in its own direction', () => {
    expect(ltr('1.00 USDT')).toBe('\u20661.00 USDT\u2069');
    expect(isolate('مرحبا')).toBe('\u2068مرحبا\u2069');
  });

  it('keeps a date and time on one line: no space or hyphen to break at', () => {
    const text = ltrUnbroken('2027-01-09 08:37:03');
    expect(text).toBe('\u20662027\u201101\u201109\u00a008:37:03\u2069');
    expect(text).not.toMatch(/[ -]/);
  });
});
