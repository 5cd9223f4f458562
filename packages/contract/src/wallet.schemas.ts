import { z } from 'zod';
import { pageSchema } from './envelope.schemas.ts';

/** The wallet is kept in USDT. Amounts are decimal strings (up to 10 decimals), never numbers. */
export const walletBalanceSchema = z.object({
  currency: z.literal('USDT'),
  balance: z.string(),
  /** Held for withdrawals waiting for finance. */
  frozen: z.string(),
  available: z.string(),
});
export type WalletBalanceDto = z.infer<typeof walletBalanceSchema>;

export const walletChannelSchema = z.object({
  code: z.string(),
  kind: z.enum(['chain', 'bank', 'gateway']),
  network: z.enum(['TRC20', 'ERC20', 'BTC']).nullable(),
  /** What the payer sends: USDT, BTC, or a local currency for payment gateways. */
  coin: z.string(),
  region: z.string().nullable(),
  /** USDT credited per 1 coin. */
  rate: z.string(),
  /** Decimals allowed in an amount of this coin. */
  decimals: z.number(),
  rechargeEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  rechargeMin: z.string(),
  rechargeMax: z.string(),
  withdrawMin: z.string(),
  withdrawMax: z.string(),
  withdrawFeeFixed: z.string(),
  /** Parts per 10,000 of the amount, added to the fixed fee. */
  withdrawFeeRateBp: z.number(),
});
export type WalletChannelDto = z.infer<typeof walletChannelSchema>;

export const depositInfoSchema = z.object({
  channel: z.string(),
  network: z.enum(['TRC20', 'ERC20', 'BTC']),
  coin: z.string(),
  address: z.string(),
  /** What the QR code encodes (the address itself). */
  qrText: z.string(),
  min: z.string(),
  max: z.string(),
  rate: z.string(),
});
export type DepositInfoDto = z.infer<typeof depositInfoSchema>;

export const walletRecordSchema = z.object({
  id: z.string(),
  type: z.enum(['recharge', 'withdraw', 'bank']),
  serialNo: z.string(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  time: z.string(),
  /** Recharges: what the user says they sent (in `currency`); withdrawals: what they asked for. */
  amount: z.string(),
  fee: z.string(),
  /** USDT credited (recharges, once approved) or sent (withdrawals, amount minus fee). */
  actualAmount: z.string(),
  status: z.enum(['processing', 'success', 'fail']),
  statusCode: z.number(),
  network: z.enum(['TRC20', 'ERC20', 'BTC']).nullable(),
  currency: z.string(),
  channel: z.string(),
  proofUrl: z.string().nullable(),
  address: z.string().nullable(),
  txHash: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Masked: only the last four digits are kept. */
  cardNumber: z.string().nullable(),
  rate: z.string(),
  /** The operator's reason (rejections, under- or over-payments). */
  remark: z.string().nullable(),
  /** The wallet balance right after this record moved money; null while nothing moved yet. */
  balance: z.string().nullable(),
  /** A watched chain deposit still confirming: confirmations so far, and how many credit it. */
  confirmations: z.number().optional(),
  confirmationsNeeded: z.number().optional(),
});
export type WalletRecordDto = z.infer<typeof walletRecordSchema>;

export const withdrawOpenSchema = z.object({
  open: z.boolean(),
  openTime: z.string(),
  closeTime: z.string(),
  dailyCount: z.number(),
  usedToday: z.number(),
  boundAddress: z.object({ network: z.enum(['TRC20', 'ERC20', 'BTC']), address: z.string() }).nullable(),
  channels: z.array(walletChannelSchema),
  wallet: walletBalanceSchema,
});
export type WithdrawOpenDto = z.infer<typeof withdrawOpenSchema>;

export const withdrawFormTokenSchema = z.object({
  token: z.string(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  expiresAt: z.string(),
});
export type WithdrawFormTokenDto = z.infer<typeof withdrawFormTokenSchema>;

export const withdrawFeeSchema = z.object({
  channel: z.string(),
  amount: z.string(),
  fee: z.string(),
  actualAmount: z.string(),
});
export type WithdrawFeeDto = z.infer<typeof withdrawFeeSchema>;

export const gatewayCheckoutSchema = z.object({
  serialNo: z.string(),
  /** Where the buyer pays (the gateway's page). */
  payUrl: z.string(),
  amount: z.string(),
  coin: z.string(),
  /** USDT that will be credited once the gateway confirms. */
  credited: z.string(),
});
export type GatewayCheckoutDto = z.infer<typeof gatewayCheckoutSchema>;

/** `/api/rechargeBlockchain/recharge/open`: whether any chain deposit is open, and which. */
export const chainRechargeOpenSchema = z.object({
  open: z.boolean(),
  channels: z.array(walletChannelSchema),
});
export type ChainRechargeOpenDto = z.infer<typeof chainRechargeOpenSchema>;

/** `/api/rechargeBlockchain/fee`: deposits cost nothing; the rate converts the coin to USDT. */
export const rechargeFeeSchema = z.object({
  symbol: z.string(),
  coin: z.string(),
  fee: z.string(),
  rate: z.string(),
});
export type RechargeFeeDto = z.infer<typeof rechargeFeeSchema>;

/** `/api/user!bindWithdrawAddress.action`: the address as kept (checksummed). */
export const boundAddressSchema = z.object({
  network: z.enum(['TRC20', 'ERC20', 'BTC']),
  address: z.string(),
});
export type BoundAddressDto = z.infer<typeof boundAddressSchema>;

/** A payment gateway's notification, as acknowledged. */
export const gatewayNotificationAckSchema = z.object({ status: z.string() });

/** Staff lists of recharges and withdrawals: each record with whose it is. */
export const adminWalletRecordSchema = walletRecordSchema.extend({ userId: z.string() });
export type AdminWalletRecordDto = z.infer<typeof adminWalletRecordSchema>;

/** `/api/admin/wallet/channels`: a channel with the deposit address finance set. */
export const adminChannelSchema = walletChannelSchema.extend({ depositAddress: z.string().nullable() });
export type AdminChannelDto = z.infer<typeof adminChannelSchema>;

/** `/api/admin/wallet/hours`: withdrawal hours (HH:mm, Asia/Shanghai). */
export const withdrawHoursSchema = z.object({ openTime: z.string(), closeTime: z.string() });

/** `/api/admin/ledger/audit`: the ledger checked against its transfers. */
export const ledgerAuditSchema = z.object({
  ok: z.boolean(),
  sums: z.array(z.object({ currency: z.string(), total: z.string() })),
  inconsistentAccounts: z.array(
    z.object({
      id: z.string(),
      balance: z.string(),
      fromTransfers: z.string(),
      held: z.string(),
      heldByTransfers: z.string(),
    }),
  ),
  malformedTransfers: z.array(z.string()),
});

/** `/api/admin/ledger/balances`: the platform's own accounts, totals by kind, and a page of accounts. */
export const ledgerBalancesSchema = z.object({
  platform: z.array(z.object({ account: z.enum(['commission', 'fees', 'interest']), balance: z.string() })),
  byKind: z.array(z.object({ kind: z.string(), total: z.string(), held: z.string() })),
  accounts: pageSchema(
    z.object({
      id: z.string(),
      kind: z.string(),
      ownerId: z.string().nullable(),
      currency: z.string(),
      balance: z.string(),
      held: z.string(),
    }),
  ),
});

/** A brand's bank account that receives bank-card deposits (issue 26), configured by finance. */
export const bankReceivingAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** An account number or an IBAN, without spaces. */
  accountNumber: z.string(),
  /** SWIFT/BIC. */
  swift: z.string(),
  /** ISO 4217, e.g. USD. */
  currency: z.string(),
  enabled: z.boolean(),
});
export type BankReceivingAccountDto = z.infer<typeof bankReceivingAccountSchema>;

/** GET /api/bankRecharge/accounts: where to transfer, and the reference to put in the memo. */
export const bankDepositInfoSchema = z.object({
  accounts: z.array(bankReceivingAccountSchema),
  /** The user's deposit reference, `D-<usercode>`: finance finds the transfer by it. */
  reference: z.string(),
});
export type BankDepositInfoDto = z.infer<typeof bankDepositInfoSchema>;
