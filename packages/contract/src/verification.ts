/**
 * Verification levels as a policy (issue 30): what a refused gated call tells the client, and the
 * operators' "needs advanced verification" flags as the console shows them.
 */

/** The calls a verification level can gate (params `verify_level_*`, `withdraw_c3_daily_amount`). */
export const GATED_ACTIONS = ['loan', 'merchant_apply', 'withdraw_address', 'withdraw'] as const;
export type GatedAction = (typeof GATED_ACTIONS)[number];

/**
 * The `data` of a REAL_NAME_REQUIRED or C3_REQUIRED answer from a gated call: `level` when the
 * brand's params ask for a level the user lacks (verify, then come back), `flag` when an operator
 * asked for advanced verification (the spec's "account exception": contact online support).
 */
export interface VerificationRefusalDto {
  reason: 'level' | 'flag';
  action: GatedAction;
  /** For a withdrawal: the day's total in USDT above which C3 is needed. */
  dailyLimit?: string;
}

export function isVerificationRefusal(data: unknown): data is VerificationRefusalDto {
  const d = data as Partial<VerificationRefusalDto> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    (d.reason === 'level' || d.reason === 'flag') &&
    (GATED_ACTIONS as readonly unknown[]).includes(d.action)
  );
}

export type * from './verification.schemas.ts';
