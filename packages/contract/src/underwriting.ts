/**
 * The risk operator's view of a loan applicant (issue 26): types and constants only; the zod
 * schema is schemas/underwriting.ts (`@mall/contract/schemas/underwriting`).
 * Served by GET /api/admin/loans/profile?id=<loan id> (risk, admin).
 */
export const SUGGESTION_REASONS = [
  'account_too_new',
  'over_limit',
  'realname_missing',
  'c3_missing',
  'previous_overdue',
  'shared_withdrawal_address',
  'shared_address',
  'shared_device',
  'within_rules',
] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

export const SHARING_VIAS = ['withdrawal_address', 'address', 'device', 'ip'] as const;
export type SharingVia = (typeof SHARING_VIAS)[number];

export interface ApplicantProfileDto {
  userId: string;
  username: string;
  accountAgeDays: number;
  realNameStatus: string;
  c3Status: string;
  deposits: { count: number; total: string };
  withdrawals: { count: number; total: string };
  ordersBought: { count: number; completed: number; total: string };
  ordersSold: { count: number; settled: string };
  store: { name: string; ageDays: number } | null;
  previousLoans: {
    id: string;
    serialNo: string;
    amount: string;
    status: string;
    /** Instalments of that loan that went overdue. */
    overdueInstalments: number;
    createdAt: number;
  }[];
  /**
   * Other accounts of the brand with the same withdrawal address or delivery address, or that signed
   * up or in from one of the applicant's devices (the storefront's device id) or client addresses.
   */
  sharing: { userId: string; username: string; via: SharingVia }[];
  limit: string;
  minAccountAgeDays: number;
  suggestion: { decision: 'approve' | 'refuse'; reasons: SuggestionReason[] };
}
