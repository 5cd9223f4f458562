import { ACCOUNT_RULES, ADDRESS_RULES } from '@mall/contract';
import { describe, expect, it } from 'vitest';
import { ADDRESS_LIMITS, RULES } from './rules.ts';

describe('the storefront restates the contract rules exactly', () => {
  it('account rules', () => {
    for (const [key, value] of Object.entries(RULES)) {
      const original = ACCOUNT_RULES[key as keyof typeof ACCOUNT_RULES];
      expect(String(value), key).toBe(String(original));
    }
  });

  it('address limits', () => {
    for (const [key, value] of Object.entries(ADDRESS_LIMITS)) {
      expect(value, key).toBe(ADDRESS_RULES[key as keyof typeof ADDRESS_RULES]);
    }
  });
});
