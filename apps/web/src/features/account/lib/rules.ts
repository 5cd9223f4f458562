/**
 * The input rules of SPEC §5 as the contract states them (ACCOUNT_RULES and ADDRESS_RULES of
 * packages/contract/src/accounts.ts), restated here: a value imported from the contract lands in
 * the first paint's chunk, since the shell imports the contract too. rules.test.ts checks that
 * the two never drift apart.
 */
export const RULES = {
  passwordMin: 6,
  passwordMax: 12,
  passwordPattern: /^[\x21-\x7e]{6,12}$/,
  fundPasswordPattern: /^\d{6}$/,
  usernamePattern: /^[A-Za-z0-9]{6,30}$/,
  phonePattern: /^\d{8,15}$/,
  areaCodePattern: /^\d{1,4}$/,
  emailPattern:
    /^[A-Za-z0-9](?:[A-Za-z0-9._+-]{4,}[A-Za-z0-9])@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  emailMax: 64,
  invitationCodePattern: /^[A-Za-z0-9]{4,32}$/,
  verificationCodePattern: /^\d{6}$/,
  realNameMin: 2,
  realNameMax: 64,
  idNumberPattern: /^[A-Za-z0-9]{4,32}$/,
} as const;

export const ADDRESS_LIMITS = {
  consigneeMax: 64,
  emailMax: 64,
  postcodeMax: 32,
  postcodeMinDigits: 5,
  nationMax: 64,
  stateMax: 64,
  cityMax: 64,
  addressMax: 255,
} as const;

export function isAccountEmail(value: string): boolean {
  return value.length <= RULES.emailMax && RULES.emailPattern.test(value);
}
