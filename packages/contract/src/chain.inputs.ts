/**
 * Input schemas of the chain calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */
import { z } from 'zod';

const id = z.string().min(1).max(26);

/** /api/chain/networks */
export const chainNetworksInputSchema = z.object({});

/** /api/chain/deposit/address */
export const chainDepositAddressInputSchema = z.object({ channel: z.string().trim().min(1).max(32) });

/** /api/admin/wallet/withdraw/approve */
export const adminWalletWithdrawApproveInputSchema = z.object({ id });

/** /api/admin/wallet/withdraw/payouts */
export const adminWalletWithdrawPayoutsInputSchema = z.object({
  ids: z
    .string()
    .max(27 * 100)
    .default(''),
});
