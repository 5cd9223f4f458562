/** Post codes by country (issue 30): each table entry against real codes of that country. */
import { describe, expect, it } from 'vitest';
import { isPostCode, POST_CODE_COUNTRIES } from './post-codes.ts';

describe('isPostCode', () => {
  it('accepts real codes and refuses near misses', () => {
    const good: [string, string][] = [
      ['GB', 'SW1A 1AA'],
      ['GB', 'm1 1ae'],
      ['GB', 'EC1A1BB'],
      ['DE', '10115'],
      ['US', '94105-1804'],
      ['CA', 'K1A 0B1'],
      ['NL', '1012AB'],
      ['JP', '100-0001'],
      ['PL', '00-950'],
      ['PT', '1100-148'],
      ['BR', '01310-100'],
      ['IE', 'D02 X285'],
      ['CN', '518000'],
      ['IN', '110 001'],
      ['SE', '114 55'],
      ['AU', '2000'],
      ['HK', '0'],
      [undefined as unknown as string, 'AB-12'],
    ];
    for (const [country, code] of good) expect(isPostCode(country, code), `${country} ${code}`).toBe(true);
    const bad: [string, string][] = [
      ['DE', '1234'],
      ['DE', '101150'],
      ['GB', '12345'],
      ['US', '9410'],
      ['CA', 'K1A-0B1'],
      ['JP', '1000-001'],
      ['CN', '51800'],
      ['HK', '12345<'],
      ['HK', ''],
      ['HK', '-'],
    ];
    for (const [country, code] of bad) expect(isPostCode(country, code), `${country} ${code}`).toBe(false);
  });

  it('covers the large markets with a format of their own', () => {
    for (const c of ['GB', 'DE', 'FR', 'US', 'CN', 'JP', 'IN', 'BR', 'RU', 'CA', 'AU', 'ES', 'IT', 'NL']) {
      expect(POST_CODE_COUNTRIES).toContain(c);
    }
  });
});
