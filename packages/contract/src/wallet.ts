/** Wallet DTOs and constants shared by the API and the storefront (issue 5). Types only. */

export type ChannelKind = 'chain' | 'bank' | 'gateway';
export type ChainNetwork = 'TRC20' | 'ERC20' | 'BTC';
export const CHAIN_NETWORKS: readonly ChainNetwork[] = ['TRC20', 'ERC20', 'BTC'];

/** SPEC §3 record states, and the numbers old clients use for them. */
export type WalletRecordStatus = 'processing' | 'success' | 'fail';
export const WALLET_STATUS_CODES: Record<WalletRecordStatus, number> = { processing: 0, success: 1, fail: 2 };

/** SPEC §3 record types: recharge (chain or gateway), withdrawal, bank card. */
export type WalletRecordType = 'recharge' | 'withdraw' | 'bank';

/** The wallet is kept in USDT. Amounts are decimal strings (up to 10 decimals), never numbers. */
export interface WalletBalanceDto {
  currency: 'USDT';
  balance: string;
  /** Held for withdrawals waiting for finance. */
  frozen: string;
  available: string;
}

export interface WalletChannelDto {
  code: string;
  kind: ChannelKind;
  network: ChainNetwork | null;
  /** What the payer sends: USDT, BTC, or a local currency for payment gateways. */
  coin: string;
  region: string | null;
  /** USDT credited per 1 coin. */
  rate: string;
  /** Decimals allowed in an amount of this coin. */
  decimals: number;
  rechargeEnabled: boolean;
  withdrawEnabled: boolean;
  rechargeMin: string;
  rechargeMax: string;
  withdrawMin: string;
  withdrawMax: string;
  withdrawFeeFixed: string;
  /** Parts per 10,000 of the amount, added to the fixed fee. */
  withdrawFeeRateBp: number;
}

export interface DepositInfoDto {
  channel: string;
  network: ChainNetwork;
  coin: string;
  address: string;
  /** What the QR code encodes (the address itself). */
  qrText: string;
  min: string;
  max: string;
  rate: string;
}

export interface WalletRecordDto {
  id: string;
  type: WalletRecordType;
  serialNo: string;
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  time: string;
  /** Recharges: what the user says they sent (in `currency`); withdrawals: what they asked for. */
  amount: string;
  fee: string;
  /** USDT credited (recharges, once approved) or sent (withdrawals, amount minus fee). */
  actualAmount: string;
  status: WalletRecordStatus;
  statusCode: number;
  network: ChainNetwork | null;
  currency: string;
  channel: string;
  proofUrl: string | null;
  address: string | null;
  txHash: string | null;
  bankName: string | null;
  /** Masked: only the last four digits are kept. */
  cardNumber: string | null;
  rate: string;
  /** The operator's reason (rejections, under- or over-payments). */
  remark: string | null;
  /** The wallet balance right after this record moved money; null while nothing moved yet. */
  balance: string | null;
}

export interface WithdrawOpenDto {
  open: boolean;
  openTime: string;
  closeTime: string;
  dailyCount: number;
  usedToday: number;
  boundAddress: { network: ChainNetwork; address: string } | null;
  channels: WalletChannelDto[];
  wallet: WalletBalanceDto;
}

export interface WithdrawFormTokenDto {
  token: string;
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  expiresAt: string;
}

export interface WithdrawFeeDto {
  channel: string;
  amount: string;
  fee: string;
  actualAmount: string;
}

export interface GatewayCheckoutDto {
  serialNo: string;
  /** Where the buyer pays (the gateway's page). */
  payUrl: string;
  amount: string;
  coin: string;
  /** USDT that will be credited once the gateway confirms. */
  credited: string;
}

/** Staff money lists' sorts (`/api/admin/wallet/recharge/list`, `/withdraw/list`, `/api/admin/orders/list`): by time (default) or amount. */
export const ADMIN_RECORD_SORTS = ['time', 'amount'] as const;
export type AdminRecordSort = (typeof ADMIN_RECORD_SORTS)[number];

/** A brand's bank account that receives bank-card deposits (issue 26), configured by finance. */
export interface BankReceivingAccountDto {
  id: string;
  bankName: string;
  accountName: string;
  /** An account number or an IBAN, without spaces. */
  accountNumber: string;
  /** SWIFT/BIC. */
  swift: string;
  /** ISO 4217, e.g. USD. */
  currency: string;
  enabled: boolean;
}

/** GET /api/bankRecharge/accounts: where to transfer, and the reference to put in the memo. */
export interface BankDepositInfoDto {
  accounts: BankReceivingAccountDto[];
  /** The user's deposit reference, `D-<usercode>`: finance finds the transfer by it. */
  reference: string;
}
