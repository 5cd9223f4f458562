/** Input rules of SPEC §5 shared by both ends. */

/**
 * Coupon subscription e-mail: first character alphanumeric, at least 3 characters before
 * the at-sign, a domain of 2+ word characters, a TLD of 2+ lowercase letters, optional second suffix.
 */
export const SUBSCRIPTION_EMAIL_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9._+-]{2,}@\w{2,}\.[a-z]{2,}(?:\.[a-z]{2,})?$/;

export const LIMITS = {
  emailMax: 64,
  consigneeMax: 64,
  postcodeMax: 32,
  passwordMin: 6,
  passwordMax: 12,
  reviewImagesMax: 9,
  searchHistoryMax: 10,
  requestBodyMaxBytes: 1024 * 1024,
} as const;

export function isSubscriptionEmail(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= LIMITS.emailMax && SUBSCRIPTION_EMAIL_PATTERN.test(value)
  );
}
