/**
 * Input schemas of the wallet calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { parseMoney } from './money.ts';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { intInput } from './text.inputs.ts';
import { PAGE_SIZES } from './ui-constants.ts';
import { ADMIN_RECORD_SORTS, CHAIN_NETWORKS } from './wallet.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * Amounts stay as sent until parsed exactly (decimal strings); a JSON number is accepted only as a
 * safe integer, since a float has already lost its exactness on the way.
 */
const amount = z.union([z.string().max(40), z.number()]);

/** A yes/no from JSON (true/false) or a form ('true'/'false'/'1'/'0'). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

const money = (field: string) =>
  z
    .union([z.string().max(40), z.number()])
    .transform((v, zctx) => {
      const parsed = parseMoney(String(v));
      if (!parsed.ok) {
        zctx.addIssue({ code: 'custom', path: [field], message: 'amount' });
        return z.NEVER;
      }
      return parsed.units;
    })
    .optional();

/** HH:mm, Asia/Shanghai; 24:00 is the end of the day (open all day: 00:00 to 24:00). */
const clock = z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/);

const status = z.enum(['processing', 'success', 'fail']).optional();

const reason = z.string().trim().min(1).max(200);

const accountKind = z.enum(['wallet', 'escrow', 'platform', 'external', 'loanbook']);

/** Both review lists: status, one user, a keyword (see RecordFilter), sorted by time or amount. */
const listInput = z.object({
  ...pageInput(20),
  status,
  userId: z.string().max(26).optional(),
  keyword: z.string().trim().max(100).optional(),
  sort: z.enum(ADMIN_RECORD_SORTS).default('time'),
  order: sortOrder(),
});

/** /api/wallet/usdt */
export const walletUsdtInputSchema = z.object({});

/** /api/channel/list */
export const channelListInputSchema = z.object({ kind: z.enum(['chain', 'bank', 'gateway']).optional() });

/** /api/rechargeBlockchain/recharge/open */
export const rechargeBlockchainRechargeOpenInputSchema = z.object({});

/** /api/rechargeBlockchain!get.action */
export const rechargeBlockchainGetInputSchema = z.object({ channel: z.string().trim().max(32).default('') });

/** /api/rechargeBlockchain/fee */
export const rechargeBlockchainFeeInputSchema = z.object({ symbol: text(32) });

/** /api/rechargeBlockchain/recharge */
export const rechargeBlockchainRechargeInputSchema = z.object({
  channel: z.string().trim().max(32).default(''),
  amount,
  txHash: text(100),
  proof: text(300),
});

/** /api/rechargeBlockchain/list */
export const rechargeBlockchainListInputSchema = z.object({
  ...pageInput(PAGE_SIZES.rechargeRecords),
  type: z.enum(['recharge', 'bank']).optional(),
});

/** /api/rechargeBank/recharge */
export const rechargeBankRechargeInputSchema = z.object({
  channel: text(32).default('BANK'),
  amount,
  bankName: z.string().max(200),
  cardNumber: z.string().max(40),
  proof: text(300),
});

/** /api/thirdPartyRecharge!getCoinList.action */
export const thirdPartyRechargeGetCoinListInputSchema = z.object({});

/** /api/thirdPartyRecharge!recharge.action */
export const thirdPartyRechargeRechargeInputSchema = z.object({
  channel: z.string().trim().max(32).default(''),
  amount,
});

/** /api/thirdPartyRecharge!{PHP_recharge,recharge2,...}.action (one per gateway variant) */
export const thirdPartyRechargeGatewayInputSchema = z.object({ amount });

/** /api/thirdPartyRecharge/notify/sandbox */
export const thirdPartyRechargeNotifySandboxInputSchema = z.object({
  paymentId: text(40),
  gatewayRef: text(64),
  status: z.enum(['paid', 'failed']),
  amount: text(40),
  coin: text(8),
  signature: text(128),
});

/** /api/user!bindWithdrawAddress.action */
export const userBindWithdrawAddressInputSchema = z.object({
  network: z.enum(CHAIN_NETWORKS as [string, ...string[]]),
  address: text(100),
  fundPassword: z.string().max(64),
});

/** /api/withdraw/open */
export const withdrawOpenInputSchema = z.object({});

/** /api/withdraw!get.action */
export const withdrawGetInputSchema = z.object({});

/** /api/withdraw/fee */
export const withdrawFeeInputSchema = z.object({ channel: text(32), amount: amount.optional() });

/** /api/withdraw/apply */
export const withdrawApplyInputSchema = z.object({
  token: text(100),
  channel: text(32),
  amount,
  fundPassword: z.string().max(64),
});

/** /api/withdraw/list */
export const withdrawListInputSchema = z.object(pageInput(PAGE_SIZES.withdrawRecords));

/** /api/admin/wallet/channels */
export const adminWalletChannelsInputSchema = z.object({});

/** /api/admin/wallet/channel/update */
export const adminWalletChannelUpdateInputSchema = z.object({
  code: z.string().min(1).max(32),
  depositAddress: z.string().max(100).optional(),
  rate: money('rate'),
  rechargeEnabled: flag,
  withdrawEnabled: flag,
  rechargeMin: money('rechargeMin'),
  rechargeMax: money('rechargeMax'),
  withdrawMin: money('withdrawMin'),
  withdrawMax: money('withdrawMax'),
  withdrawFeeFixed: money('withdrawFeeFixed'),
  withdrawFeeRateBp: intInput(0, 10_000).optional(),
});

/** /api/admin/wallet/hours */
export const adminWalletHoursInputSchema = z.object({});

/** /api/admin/wallet/hours/update */
export const adminWalletHoursUpdateInputSchema = z.object({ openTime: clock, closeTime: clock });

/** /api/admin/wallet/recharge/list */
export const adminWalletRechargeListInputSchema = listInput;

/** /api/admin/wallet/recharge/approve */
export const adminWalletRechargeApproveInputSchema = z.object({
  id: z.string().min(1).max(26),
  amountReceived: z.string().max(40),
  remark: reason,
});

/** /api/admin/wallet/recharge/reject */
export const adminWalletRechargeRejectInputSchema = z.object({
  id: z.string().min(1).max(26),
  remark: reason,
});

/** /api/admin/wallet/withdraw/list */
export const adminWalletWithdrawListInputSchema = listInput;

/** /api/admin/wallet/withdraw/paid */
export const adminWalletWithdrawPaidInputSchema = z.object({
  id: z.string().min(1).max(26),
  txHash: z.string().max(100),
  remark: z.string().max(200).optional(),
});

/** /api/admin/wallet/withdraw/reject */
export const adminWalletWithdrawRejectInputSchema = z.object({
  id: z.string().min(1).max(26),
  remark: reason,
});

/** /api/admin/ledger/audit */
export const adminLedgerAuditInputSchema = z.object({});

/** /api/admin/ledger/balances */
export const adminLedgerBalancesInputSchema = z.object({ ...pageInput(20), kind: accountKind.optional() });

/** /api/bankRecharge/accounts */
export const bankRechargeAccountsInputSchema = z.object({});

/** /api/admin/wallet/bank-accounts/list */
export const adminWalletBankAccountsListInputSchema = z.object({});

/** /api/admin/wallet/bank-accounts/save */
export const adminWalletBankAccountsSaveInputSchema = z.object({
  id: z.string().trim().min(1).max(26).optional(),
  bankName: text(64),
  accountName: text(64),
  accountNumber: text(48),
  swift: text(16),
  currency: text(8),
  enabled: z.coerce.boolean().default(true),
});

/** /api/admin/wallet/bank-accounts/delete */
export const adminWalletBankAccountsDeleteInputSchema = z.object({ id: z.string().trim().min(1).max(26) });
