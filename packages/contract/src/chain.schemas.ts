/** The chain rails' answers (issue 29): watched networks, a user's own deposit address, payouts. */
import { z } from 'zod';

export const chainNetworksSchema = z.object({
  /** Networks with a watcher here; the others stay on the manual proof flow. */
  watched: z.array(z.string()),
  confirmations: z.number(),
});
export type ChainNetworksDto = z.infer<typeof chainNetworksSchema>;

export const ownDepositAddressSchema = z.object({
  channel: z.string(),
  network: z.string(),
  coin: z.string(),
  address: z.string(),
  /** What the QR code encodes. */
  qrText: z.string(),
  confirmations: z.number(),
  min: z.string(),
});
export type OwnDepositAddressDto = z.infer<typeof ownDepositAddressSchema>;

/** A withdrawal's payout as finance follows it; `manual` where the chain does not pay. */
export const payoutViewSchema = z.object({
  withdrawalId: z.string(),
  status: z.string(),
  txHash: z.string().nullable().optional(),
  txHashes: z.array(z.string()).optional(),
  nonce: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
  approvals: z.number().optional(),
  approvalsNeeded: z.number().optional(),
  explorerUrl: z.string().nullable().optional(),
});
export type PayoutViewDto = z.infer<typeof payoutViewSchema>;
