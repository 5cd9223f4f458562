/**
 * The client's checks of SPEC §5, the same the server makes (ACCOUNT_RULES and ADDRESS_RULES of
 * the contract), so a form says what is wrong before anything is sent. A problem is a translation
 * key with its namespace ('errors:…' for the server's catalogue, 'account:…' for our own words),
 * optionally with values.
 */
import {
  ADDRESS_RULES as ADDRESS_LIMITS,
  isAccountEmail,
  ACCOUNT_RULES as RULES,
} from '@mall/contract/accounts';
import { isPostCode } from '@mall/contract/post-codes';

export type Problem = string | readonly [key: string, values: Record<string, string | number>];

const REQUIRED = 'account:form.required';

/** Phone numbers are typed with spaces or dashes; the server keeps the digits. */
export const phoneDigits = (text: string) => text.replace(/[\s-]/g, '');

/**
 * The calling code to send for a country: its leading digits. A few countries share +1 or +44 with
 * a local prefix ("1-809"); the prefix is part of the number the user types.
 */
export function callingCode(areaCode: string): string {
  return /^\d{1,4}/.exec(areaCode.replace(/^\+/, ''))?.[0] ?? '';
}

export function passwordProblem(password: string): Problem | undefined {
  if (!password) return REQUIRED;
  if (password.length < RULES.passwordMin || password.length > RULES.passwordMax)
    return 'errors:PASSWORD_LENGTH';
  if (!RULES.passwordPattern.test(password)) return 'errors:PASSWORD_FORMAT';
  return undefined;
}

export function confirmProblem(password: string, confirm: string): Problem | undefined {
  if (!confirm) return REQUIRED;
  if (password !== confirm) return 'errors:PASSWORDS_NOT_SAME';
  return undefined;
}

export function fundPasswordProblem(value: string): Problem | undefined {
  if (!value) return REQUIRED;
  if (!RULES.fundPasswordPattern.test(value)) return 'errors:FUND_PASSWORD_FORMAT';
  return undefined;
}

export function phoneProblem(areaCode: string, phone: string): Problem | undefined {
  const digits = phoneDigits(phone);
  if (!digits) return REQUIRED;
  if (!RULES.areaCodePattern.test(callingCode(areaCode))) return 'account:form.areaCodeRequired';
  if (!RULES.phonePattern.test(digits)) return 'errors:PHONE_FORMAT';
  return undefined;
}

export function emailProblem(email: string): Problem | undefined {
  const value = email.trim();
  if (!value) return REQUIRED;
  if (!isAccountEmail(value)) return 'errors:EMAIL_FORMAT';
  return undefined;
}

/** Optional at sign-up: letters and digits, 6-30. */
export function usernameProblem(username: string): Problem | undefined {
  if (!username) return undefined;
  if (!RULES.usernamePattern.test(username)) return 'errors:USERNAME_FORMAT';
  return undefined;
}

export function invitationProblem(code: string, required: boolean): Problem | undefined {
  const value = code.trim();
  if (!value) return required ? 'errors:INVITATION_CODE_REQUIRED' : undefined;
  if (!RULES.invitationCodePattern.test(value)) return 'errors:INVALID_INVITATION_CODE';
  return undefined;
}

export function verifyCodeProblem(code: string): Problem | undefined {
  if (!code.trim()) return REQUIRED;
  if (!RULES.verificationCodePattern.test(code.trim())) return 'account:form.codeFormat';
  return undefined;
}

export function requiredProblem(value: string): Problem | undefined {
  return value.trim() ? undefined : REQUIRED;
}

// --- addresses (SPEC §5: consignee ≤ 64, e-mail ≤ 64, postcode ≤ 32 in the country's format) ---

const tooLong = (value: string, max: number): Problem | undefined =>
  value.trim().length > max ? ['account:form.tooLong', { max }] : undefined;

/** The address book's e-mail: any ordinary address (the server takes a looser form than sign-up's). */
const ADDRESS_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface AddressFields {
  name: string;
  email: string;
  areaCode: string;
  phone: string;
  nation: string;
  state: string;
  city: string;
  postCode: string;
  address: string;
}

/** `countryCode`: the ISO code of the chosen country, whose post-code format applies. */
export function addressProblems(
  v: AddressFields,
  countryCode?: string,
): Partial<Record<keyof AddressFields, Problem>> {
  const out: Partial<Record<keyof AddressFields, Problem>> = {};
  const set = (field: keyof AddressFields, problem: Problem | undefined) => {
    if (problem && !out[field]) out[field] = problem;
  };
  for (const field of Object.keys(v) as (keyof AddressFields)[]) set(field, requiredProblem(v[field]));
  set('name', tooLong(v.name, ADDRESS_LIMITS.consigneeMax));
  set('email', tooLong(v.email, ADDRESS_LIMITS.emailMax));
  if (v.email.trim() && !isAccountEmail(v.email.trim()) && !ADDRESS_EMAIL.test(v.email.trim()))
    set('email', 'errors:EMAIL_FORMAT');
  set('nation', tooLong(v.nation, ADDRESS_LIMITS.nationMax));
  set('state', tooLong(v.state, ADDRESS_LIMITS.stateMax));
  set('city', tooLong(v.city, ADDRESS_LIMITS.cityMax));
  set('address', tooLong(v.address, ADDRESS_LIMITS.addressMax));
  if (v.phone.trim()) {
    const problem = phoneProblem(v.areaCode, v.phone);
    if (problem === 'account:form.areaCodeRequired') set('areaCode', problem);
    else set('phone', problem);
  }
  const post = v.postCode.trim();
  set('postCode', tooLong(post, ADDRESS_LIMITS.postcodeMax));
  // The country's own format, as the server checks it (GB "SW1A 1AA", DE five digits).
  if (post && !isPostCode(countryCode, post)) set('postCode', 'account:form.postcodeFormat');
  return out;
}

// --- verification ----------------------------------------------------------------------------

/** Letters of any script, spaces, dots, apostrophes and hyphens, 2-64 characters. */
const REAL_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;

export function realNameProblem(name: string): Problem | undefined {
  const value = name.trim().replace(/\s+/g, ' ');
  if (!value) return REQUIRED;
  if (value.length < RULES.realNameMin || value.length > RULES.realNameMax || !REAL_NAME.test(value))
    return 'errors:REAL_NAME_FORMAT';
  return undefined;
}

export function idNumberProblem(id: string): Problem | undefined {
  const value = id.trim();
  if (!value) return REQUIRED;
  if (!RULES.idNumberPattern.test(value)) return 'errors:ID_NUMBER_FORMAT';
  return undefined;
}

/** Where to go after signing in: a path of this site only (never another origin). */
export function safeRedirect(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/index';
  if (raw.startsWith('/login') || raw.startsWith('/register') || raw.startsWith('/forgotPassword'))
    return '/index';
  return raw;
}
