import { describe, expect, it } from 'vitest';
import { displayWidth, pad } from './columns.mjs';

describe('bench report columns', () => {
  it('counts a Chinese character as two columns, as a terminal shows it', () => {
    expect(displayWidth('GET /api/search (蓝牙耳)')).toBe(24);
    expect(displayWidth('العربية')).toBe(7);
    expect(pad('GET /api/search (蓝牙耳)', 36)).toHaveLength(21 + 12);
  });

  it('keeps a space after a cell as wide as its column, so it never runs into the next', () => {
    expect(pad('GET /api/search/suggest (wireless)', 34)).toBe('GET /api/search/suggest (wireless) ');
    expect(pad(53529, 9)).toBe('53529    ');
  });
});
