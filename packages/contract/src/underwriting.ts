/**
 * The risk operator's view of a loan applicant (issue 26): who they are on this mall and what their
 * history shows, with the eligibility rules' verdict as a suggested decision. Amounts are decimal
 * strings. Served by GET /api/admin/loans/profile?id=<loan id> (risk, admin).
 */
import { z } from 'zod';

const money = z.string();

export const SUGGESTION_REASONS = [
  'account_too_new',
  'over_limit',
  'realname_missing',
  'c3_missing',
  'previous_overdue',
  'shared_withdrawal_address',
  'shared_address',
  'within_rules',
] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

export const applicantProfileSchema = z.object({
  userId: z.string(),
  username: z.string(),
  accountAgeDays: z.number().int(),
  realNameStatus: z.string(),
  c3Status: z.string(),
  deposits: z.object({ count: z.number().int(), total: money }),
  withdrawals: z.object({ count: z.number().int(), total: money }),
  ordersBought: z.object({ count: z.number().int(), completed: z.number().int(), total: money }),
  ordersSold: z.object({ count: z.number().int(), settled: money }),
  store: z.object({ name: z.string(), ageDays: z.number().int() }).nullable(),
  previousLoans: z.array(
    z.object({
      id: z.string(),
      serialNo: z.string(),
      amount: money,
      status: z.string(),
      /** Instalments that went overdue, and how many were paid late. */
      overdueInstalments: z.number().int(),
      createdAt: z.number().int(),
    }),
  ),
  /** Other accounts of the brand with the same withdrawal address or delivery address. */
  sharing: z.array(
    z.object({ userId: z.string(), username: z.string(), via: z.enum(['withdrawal_address', 'address']) }),
  ),
  /** Devices are not recorded by the mall (no device or IP is stored), so none are compared. */
  devicesRecorded: z.literal(false),
  limit: money,
  minAccountAgeDays: z.number().int(),
  suggestion: z.object({
    decision: z.enum(['approve', 'refuse']),
    reasons: z.array(z.enum(SUGGESTION_REASONS)),
  }),
});
export type ApplicantProfileDto = z.infer<typeof applicantProfileSchema>;
