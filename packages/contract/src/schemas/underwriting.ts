/**
 * The risk operator's applicant profile (GET /api/admin/loans/profile) as a zod schema, kept out of
 * the contract's barrel so the front ends do not bundle zod; typed to ../underwriting.ts.
 */
import { z } from 'zod';
import { type ApplicantProfileDto, SHARING_VIAS, SUGGESTION_REASONS } from '../underwriting.ts';

const money = z.string();

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
  /** Other accounts of the brand sharing a withdrawal or delivery address, a device or a client address. */
  sharing: z.array(z.object({ userId: z.string(), username: z.string(), via: z.enum(SHARING_VIAS) })),
  limit: money,
  minAccountAgeDays: z.number().int(),
  suggestion: z.object({
    decision: z.enum(['approve', 'refuse']),
    reasons: z.array(z.enum(SUGGESTION_REASONS)),
  }),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const applicantProfileAgrees: Same<z.infer<typeof applicantProfileSchema>, ApplicantProfileDto> = true;
