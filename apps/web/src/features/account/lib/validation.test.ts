import { describe, expect, it } from 'vitest';
import {
  addressProblems,
  callingCode,
  confirmProblem,
  emailProblem,
  fundPasswordProblem,
  idNumberProblem,
  invitationProblem,
  passwordProblem,
  phoneProblem,
  realNameProblem,
  safeRedirect,
  usernameProblem,
} from './validation.ts';

describe('account form checks (SPEC §5, as the server makes them)', () => {
  it('login password: 6-12 printable characters, specials allowed, no spaces', () => {
    expect(passwordProblem('')).toBe('account:form.required');
    expect(passwordProblem('abc12')).toBe('errors:PASSWORD_LENGTH');
    expect(passwordProblem('abcdefghi1234')).toBe('errors:PASSWORD_LENGTH');
    expect(passwordProblem('abc 123')).toBe('errors:PASSWORD_FORMAT');
    expect(passwordProblem('Demo#2026')).toBeUndefined();
    expect(confirmProblem('secret12', 'secret13')).toBe('errors:PASSWORDS_NOT_SAME');
    expect(confirmProblem('secret12', 'secret12')).toBeUndefined();
  });

  it('transaction password: exactly six digits', () => {
    expect(fundPasswordProblem('12345')).toBe('errors:FUND_PASSWORD_FORMAT');
    expect(fundPasswordProblem('12345a')).toBe('errors:FUND_PASSWORD_FORMAT');
    expect(fundPasswordProblem('1234567')).toBe('errors:FUND_PASSWORD_FORMAT');
    expect(fundPasswordProblem('246810')).toBeUndefined();
  });

  it('phone: an area code and at least 8 digits (spaces and dashes ignored)', () => {
    expect(phoneProblem('86', '1380013')).toBe('errors:PHONE_FORMAT');
    expect(phoneProblem('86', '138 0013 8000')).toBeUndefined();
    expect(phoneProblem('', '13800138000')).toBe('account:form.areaCodeRequired');
    expect(callingCode('1-809 and 1-829')).toBe('1');
    expect(callingCode('+44-1481')).toBe('44');
  });

  it('e-mail, user name, invitation code', () => {
    expect(emailProblem('ab@shop.com')).toBe('errors:EMAIL_FORMAT');
    expect(emailProblem('buyer01@shop.com')).toBeUndefined();
    expect(usernameProblem('')).toBeUndefined();
    expect(usernameProblem('abc')).toBe('errors:USERNAME_FORMAT');
    expect(usernameProblem('buyer_01')).toBe('errors:USERNAME_FORMAT');
    expect(usernameProblem('buyer01')).toBeUndefined();
    expect(invitationProblem('', false)).toBeUndefined();
    expect(invitationProblem('', true)).toBe('errors:INVITATION_CODE_REQUIRED');
    expect(invitationProblem('12', false)).toBe('errors:INVALID_INVITATION_CODE');
  });

  it("addresses: required fields, lengths, postcode in the country's format", () => {
    const good = {
      name: 'Amina Haddad',
      email: 'amina@example.com',
      areaCode: '971',
      phone: '501234567',
      nation: 'United Arab Emirates',
      state: 'Dubai',
      city: 'Dubai',
      postCode: '00000',
      address: 'Sheikh Zayed Road 1',
    };
    expect(addressProblems(good)).toEqual({});
    const bad = addressProblems({
      ...good,
      name: 'x'.repeat(65),
      postCode: '12345<',
      email: 'nope',
      city: '',
    });
    expect(bad.name).toEqual(['account:form.tooLong', { max: 64 }]);
    expect(bad.postCode).toBe('account:form.postcodeFormat');
    // The chosen country's format: GB letters pass, four digits fail for DE.
    expect(addressProblems({ ...good, postCode: 'SW1A 1AA' }, 'GB').postCode).toBeUndefined();
    expect(addressProblems({ ...good, postCode: '1234' }, 'DE').postCode).toBe('account:form.postcodeFormat');
    expect(bad.email).toBe('errors:EMAIL_FORMAT');
    expect(bad.city).toBe('account:form.required');
  });

  it('real name and document number', () => {
    expect(realNameProblem('A')).toBe('errors:REAL_NAME_FORMAT');
    expect(realNameProblem('أمينة حداد')).toBeUndefined();
    expect(realNameProblem("Jean-Luc O'Neill")).toBeUndefined();
    expect(idNumberProblem('AB1')).toBe('errors:ID_NUMBER_FORMAT');
    expect(idNumberProblem('P1234567')).toBeUndefined();
  });

  it('returns only to paths of this site after signing in', () => {
    expect(safeRedirect(null)).toBe('/index');
    expect(safeRedirect('https://evil.example/')).toBe('/index');
    expect(safeRedirect('//evil.example/')).toBe('/index');
    expect(safeRedirect('/login?redirect=/x')).toBe('/index');
    expect(safeRedirect('/userInfo/setup/index')).toBe('/userInfo/setup/index');
  });
});
