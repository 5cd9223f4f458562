import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoAddress, normalizeAddress, normalizeTxHash } from './chain-address.ts';

describe('chain addresses', () => {
  it('accepts real Tron addresses and refuses one wrong character', () => {
    expect(normalizeAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(normalizeAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeUndefined();
    expect(normalizeAddress('TRC20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBeUndefined();
    expect(normalizeAddress('TRC20', 'T0O0')).toBeUndefined();
  });

  it('checks EIP-55 checksums (the EIP test vectors) and accepts unchecksummed lower case', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(normalizeAddress('ERC20', a)).toBe(a);
      expect(normalizeAddress('ERC20', a.toLowerCase().replace('0X', '0x'))).toBe(a);
    }
    expect(normalizeAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeUndefined();
    expect(normalizeAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBeUndefined();
  });

  it('accepts Bitcoin base58 and bech32/bech32m addresses, refusing bad checksums', () => {
    for (const a of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(normalizeAddress('BTC', a), a).toBe(a);
    }
    expect(normalizeAddress('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    for (const bad of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      // A v1 program with a bech32 (not bech32m) checksum (BIP-350 invalid vector).
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ]) {
      expect(normalizeAddress('BTC', bad), bad).toBeUndefined();
    }
  });

  it('makes demo addresses that pass the real checks, for every seed', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const network of ['TRC20', 'ERC20', 'BTC'] as const) {
          const address = demoAddress(network, seed);
          expect(normalizeAddress(network, address)).toBe(address);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('checks transaction hash shapes per network', () => {
    const h = 'a'.repeat(64);
    expect(normalizeTxHash('TRC20', h.toUpperCase())).toBe(h);
    expect(normalizeTxHash('ERC20', `0x${h}`)).toBe(`0x${h}`);
    expect(normalizeTxHash('ERC20', h)).toBeUndefined();
    expect(normalizeTxHash('BTC', `${h}0`)).toBeUndefined();
    expect(normalizeTxHash('BTC', `${h.slice(1)}g`)).toBeUndefined();
  });
});
