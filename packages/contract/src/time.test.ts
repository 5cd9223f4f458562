import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWireTime, toWireTime } from './time.ts';

describe('wire time (Asia/Shanghai)', () => {
  it('shows a UTC instant eight hours ahead, in YYYY-MM-DD HH:mm:ss', () => {
    expect(toWireTime(Date.UTC(2026, 10, 22, 16, 30, 5))).toBe('2026-11-23 00:30:05');
    expect(toWireTime(0)).toBe('1970-01-01 08:00:00');
  });

  it('agrees with the platform time-zone database', () => {
    const format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(toWireTime(ms)).toBe(format.format(new Date(ms)));
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips whole seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), (seconds) => {
        expect(fromWireTime(toWireTime(seconds * 1000))).toBe(seconds * 1000);
      }),
    );
  });

  it('rejects malformed and impossible times', () => {
    for (const bad of [
      '2026-02-30 10:00:00',
      '2026-11-22T10:00:00',
      '2026-11-22 24:00:00',
      '2026-1-2 1:2:3',
      '',
    ]) {
      expect(fromWireTime(bad), bad).toBeUndefined();
    }
  });
});
