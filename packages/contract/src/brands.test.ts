import { describe, expect, it } from 'vitest';
import { BRANDS, DEFAULT_BRAND_KEY, toPublicBrand } from './brands.ts';

describe('brands', () => {
  it('configures twenty brands with unique keys, names and hosts', () => {
    expect(BRANDS).toHaveLength(20);
    expect(new Set(BRANDS.map((b) => b.key)).size).toBe(20);
    expect(new Set(BRANDS.map((b) => b.name)).size).toBe(20);
    const hosts = BRANDS.flatMap((b) => b.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(BRANDS.some((b) => b.key === DEFAULT_BRAND_KEY)).toBe(true);
  });

  it('gives every brand a full theme of hex colours, a support mail and a bucket', () => {
    for (const b of BRANDS) {
      for (const colour of Object.values(b.theme)) expect(colour, b.key).toMatch(/^#[0-9a-f]{6}$/);
      expect(b.supportMail).toMatch(/^support@/);
      expect(b.storageBucket).toMatch(/^[a-z0-9-]+$/);
      expect(b.promotionUrl).toMatch(/^https:\/\//);
    }
  });

  it('hides Chinese for exactly one brand and cites USDC instead of USDT for exactly two', () => {
    expect(BRANDS.filter((b) => b.hiddenLanguages.includes('zh-CN'))).toHaveLength(1);
    const usdc = BRANDS.filter((b) => b.footerCoins.includes('USDC'));
    expect(usdc).toHaveLength(2);
    for (const b of BRANDS) expect(b.footerCoins).toHaveLength(3);
    expect(BRANDS.filter((b) => b.footerCoins.includes('USDT'))).toHaveLength(18);
  });

  it('keeps the storage bucket and host list out of what the storefront receives', () => {
    const pub = toPublicBrand(BRANDS[0]!) as Record<string, unknown>;
    expect(pub.storageBucket).toBeUndefined();
    expect(pub.hosts).toBeUndefined();
    expect(pub.name).toBe(BRANDS[0]!.name);
  });
});
