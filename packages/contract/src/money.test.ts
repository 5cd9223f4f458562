import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, MONEY_MAX_UNITS, MONEY_SCALE, parseMoney, units } from './money.ts';

const amountUnits = fc.bigInt({ min: 0n, max: MONEY_MAX_UNITS });

describe('money', () => {
  it('round-trips every amount through its decimal string', () => {
    fc.assert(
      fc.property(amountUnits, (u) => {
        const parsed = parseMoney(formatMoney(u));
        expect(parsed).toEqual({ ok: true, units: u });
      }),
    );
  });

  it('parses any plain decimal with up to 10 decimals exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 99_999_999n }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 10 }),
        (whole, fraction) => {
          const text = fraction ? `${whole}.${fraction}` : `${whole}`;
          const parsed = parseMoney(text);
          const expected = whole * MONEY_SCALE + BigInt(fraction.padEnd(10, '0') || '0');
          expect(parsed).toEqual({ ok: true, units: expected });
        },
      ),
    );
  });

  it('rejects more than 10 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 30 }),
        (whole, fraction) => {
          expect(parseMoney(`${whole}.${fraction}`)).toEqual({ ok: false, reason: 'too_many_decimals' });
        },
      ),
    );
  });

  it('rejects negatives, exponents, NaN, Infinity, floats and junk', () => {
    fc.assert(
      fc.property(
        amountUnits.filter((u) => u > 0n),
        (u) => {
          expect(parseMoney(`-${formatMoney(u)}`)).toEqual({ ok: false, reason: 'negative' });
        },
      ),
    );
    for (const bad of [
      '1e5',
      '1E-3',
      'NaN',
      'Infinity',
      '',
      ' ',
      '.5',
      '5.',
      '0x10',
      '1,000',
      '+1',
      '01',
      '１',
    ]) {
      expect(parseMoney(bad).ok, bad).toBe(false);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0.1, 1e21, null, undefined, {}, [], true]) {
      expect(parseMoney(bad).ok, String(bad)).toBe(false);
    }
  });

  it('accepts safe integers from older clients and refuses amounts beyond the column range', () => {
    expect(parseMoney(10)).toEqual({ ok: true, units: units(10) });
    expect(parseMoney((MONEY_MAX_UNITS / MONEY_SCALE + 1n).toString())).toEqual({
      ok: false,
      reason: 'too_large',
    });
  });

  it('honours a stricter number of decimals (deposits: 2)', () => {
    expect(parseMoney('1.25', 2)).toEqual({ ok: true, units: 12_500_000_000n });
    expect(parseMoney('1.255', 2)).toEqual({ ok: false, reason: 'too_many_decimals' });
  });

  it('formats with trimmed zeros by default and fixed decimals on request', () => {
    expect(formatMoney(units(12) + MONEY_SCALE / 2n)).toBe('12.5');
    expect(formatMoney(0n)).toBe('0');
    expect(formatMoney(1n)).toBe('0.0000000001');
    expect(formatMoney(-units(3))).toBe('-3');
    expect(formatMoney(units(12) + MONEY_SCALE / 2n, 2)).toBe('12.50');
    expect(formatMoney(units(7), 10)).toBe('7.0000000000');
  });

  it('keeps sums exact where floats drift (0.1 + 0.2)', () => {
    const a = parseMoney('0.1');
    const b = parseMoney('0.2');
    if (!a.ok || !b.ok) throw new Error('parse failed');
    expect(formatMoney(a.units + b.units)).toBe('0.3');
  });
});
