import { describe, expect, it } from 'vitest';
import {
  addressShapeValid,
  cardNumberValid,
  checkDeposit,
  checkWithdraw,
  creditFor,
  formatAmount,
  parseUnits,
  paymentDifference,
  shorten,
  txHashValid,
  withdrawFee,
} from './amount.ts';

describe('deposit checks (recharge.service)', () => {
  const usdt = { decimals: 2, min: '1', max: '1000000' };
  it('wants more than 0, at most the coin decimals, within min and max', () => {
    expect(checkDeposit('0', usdt)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkDeposit('-5', usdt)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkDeposit('1e2', usdt)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkDeposit('NaN', usdt)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkDeposit('1.005', usdt)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkDeposit('0.99', usdt)).toEqual({ ok: false, key: 'DEPOSIT_UNDER_MIN' });
    expect(checkDeposit('1000000.01', usdt)).toEqual({ ok: false, key: 'DEPOSIT_OVER_MAX' });
    expect(checkDeposit('1', usdt)).toEqual({ ok: true, units: 10_000_000_000n });
    expect(checkDeposit(' 12.34 ', usdt).ok).toBe(true);
  });

  it('converts at the rate and rounds down like creditFor', () => {
    expect(creditFor(parseUnits('0.5')!, '60000')).toBe(parseUnits('30000'));
    expect(creditFor(parseUnits('1000')!, '0.0172')).toBe(parseUnits('17.2'));
    expect(creditFor(1n, '0.5')).toBe(0n);
  });

  it('tells under- and over-payments from exact ones', () => {
    const base = { type: 'recharge', status: 'success', amount: '100', rate: '1' };
    expect(paymentDifference({ ...base, actualAmount: '90' })).toBe('under');
    expect(paymentDifference({ ...base, actualAmount: '120' })).toBe('over');
    expect(paymentDifference({ ...base, actualAmount: '100' })).toBe('exact');
    expect(paymentDifference({ ...base, status: 'processing', actualAmount: '0' })).toBeUndefined();
    expect(paymentDifference({ ...base, type: 'withdraw', actualAmount: '99' })).toBeUndefined();
  });
});

describe('withdrawal checks (withdraw.service)', () => {
  const trc20 = { min: '10', max: '100000', feeFixed: '1', feeRateBp: 0, available: '500' };
  it('checks format, limits, fee and balance in the server order', () => {
    expect(checkWithdraw('0', trc20)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkWithdraw('1.00000000001', trc20)).toEqual({ ok: false, key: 'AMOUNT_FORMAT' });
    expect(checkWithdraw('9.99', trc20)).toEqual({ ok: false, key: 'WITHDRAW_UNDER_LIMIT' });
    expect(checkWithdraw('100001', trc20)).toEqual({ ok: false, key: 'WITHDRAW_OVER_LIMIT' });
    expect(checkWithdraw('10', { ...trc20, feeFixed: '10' })).toEqual({
      ok: false,
      key: 'WITHDRAW_UNDER_LIMIT',
    });
    expect(checkWithdraw('500.01', trc20)).toEqual({ ok: false, key: 'INSUFFICIENT_BALANCE' });
    expect(checkWithdraw('500', trc20).ok).toBe(true);
    expect(checkWithdraw('12.0000000001', trc20).ok).toBe(true);
  });

  it('adds the fixed fee and the rate in basis points, rounded down', () => {
    expect(withdrawFee(parseUnits('100')!, '1', 0)).toBe(parseUnits('1'));
    expect(withdrawFee(parseUnits('100')!, '1', 50)).toBe(parseUnits('1.5'));
    expect(withdrawFee(3n, '0', 1)).toBe(0n);
  });
});

describe('display and shapes', () => {
  it('groups digits and shows 2 to 6 decimals, the same rule as every page', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('0.00287424')).toBe('0.002874');
    expect(formatAmount('0.1234500')).toBe('0.12345');
    expect(formatAmount('0.0000000001')).toBe('0.00');
    expect(formatAmount('-0.5')).toBe('-0.50');
    expect(formatAmount('100')).toBe('100.00');
    expect(formatAmount('-12')).toBe('-12.00');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount(25_000_000_000n)).toBe('2.50');
  });

  it('shortens long hashes in the middle', () => {
    const hash = 'a'.repeat(30) + 'b'.repeat(34);
    expect(shorten(hash)).toBe('aaaaaaaa…bbbbbb');
    expect(shorten('short')).toBe('short');
  });

  it('knows the tx hash and address shapes per network', () => {
    expect(txHashValid('TRC20', 'ab'.repeat(32))).toBe(true);
    expect(txHashValid('ERC20', 'ab'.repeat(32))).toBe(false);
    expect(txHashValid('ERC20', `0x${'ab'.repeat(32)}`)).toBe(true);
    expect(addressShapeValid('TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
    expect(addressShapeValid('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(addressShapeValid('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(addressShapeValid('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(addressShapeValid('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(addressShapeValid('BTC', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(false);
  });

  it('checks card numbers with Luhn', () => {
    expect(cardNumberValid('4111 1111 1111 1111')).toBe(true);
    expect(cardNumberValid('4111-1111-1111-1112')).toBe(false);
    expect(cardNumberValid('41111111111')).toBe(false);
  });
});
