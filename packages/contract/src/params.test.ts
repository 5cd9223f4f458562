/** The params' checks shared by the server and the console (`checkParamValue`, `paramAbove`). */
import { describe, expect, it } from 'vitest';
import { checkParamValue, PARAM_CODES, PARAM_DEFAULTS, paramAbove } from './params.ts';

describe('checkParamValue', () => {
  it('accepts every default as it stands', () => {
    for (const code of PARAM_CODES) {
      expect(checkParamValue(code, PARAM_DEFAULTS[code]), code).toEqual({
        ok: true,
        value: PARAM_DEFAULTS[code],
      });
    }
  });

  it('normalises what it accepts and tells format from range', () => {
    expect(checkParamValue('order_return_days', ' 014 ')).toEqual({ ok: true, value: '14' });
    expect(checkParamValue('order_return_days', '1.5')).toEqual({ ok: false, reason: 'format' });
    expect(checkParamValue('order_return_days', '366')).toEqual({ ok: false, reason: 'range' });
    expect(checkParamValue('loan_terms_days', '30, 90')).toEqual({ ok: true, value: '30,90' });
    expect(checkParamValue('loan_terms_days', '30,30')).toEqual({ ok: false, reason: 'format' });
    expect(checkParamValue('loan_terms_days', '30,400')).toEqual({ ok: false, reason: 'range' });
    expect(checkParamValue('loan_repayment_methods', 'instalments')).toEqual({
      ok: true,
      value: 'instalments',
    });
    expect(checkParamValue('loan_repayment_methods', 'weekly')).toEqual({ ok: false, reason: 'format' });
    expect(checkParamValue('withdraw_close_time', '24:00')).toEqual({ ok: true, value: '24:00' });
    expect(checkParamValue('withdraw_close_time', '24:01')).toEqual({ ok: false, reason: 'range' });
    expect(checkParamValue('withdraw_open_time', '9:00')).toEqual({ ok: false, reason: 'format' });
    expect(checkParamValue('register_invitation_required', 'yes')).toEqual({ ok: false, reason: 'format' });
    expect(checkParamValue('customer_service_url', '')).toEqual({ ok: true, value: '' });
    expect(checkParamValue('customer_service_url', 'javascript:alert(1)')).toEqual({
      ok: false,
      reason: 'format',
    });
  });

  it('checks money to the last of its ten decimals, never through a float', () => {
    expect(checkParamValue('loan_amount_min', '1')).toEqual({ ok: true, value: '1' });
    expect(checkParamValue('loan_amount_min', '0.9999999999')).toEqual({ ok: false, reason: 'range' });
    expect(checkParamValue('loan_amount_max', '100000000.0000000001')).toEqual({
      ok: false,
      reason: 'range',
    });
    expect(checkParamValue('loan_amount_max', '250.50')).toEqual({ ok: true, value: '250.5' });
    expect(checkParamValue('loan_amount_max', '1.00000000001')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('paramAbove', () => {
  it('compares amounts exactly and times of day as text', () => {
    expect(paramAbove('100000.0000000001', '100000')).toBe(true);
    expect(paramAbove('99', '100')).toBe(false);
    expect(paramAbove('09:30', '24:00')).toBe(false);
    expect(paramAbove('18:00', '09:00')).toBe(true);
  });
});
