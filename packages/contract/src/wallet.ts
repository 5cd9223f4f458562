/** Wallet DTOs and constants shared by the API and the storefront (issue 5). Types only. */

export type ChannelKind = 'chain' | 'bank' | 'gateway';
export type ChainNetwork = 'TRC20' | 'ERC20' | 'BTC';
export const CHAIN_NETWORKS: readonly ChainNetwork[] = ['TRC20', 'ERC20', 'BTC'];

/** SPEC §3 record states, and the numbers old clients use for them. */
export type WalletRecordStatus = 'processing' | 'success' | 'fail';
export const WALLET_STATUS_CODES: Record<WalletRecordStatus, number> = { processing: 0, success: 1, fail: 2 };

/** SPEC §3 record types: recharge (chain or gateway), withdrawal, bank card. */
export type WalletRecordType = 'recharge' | 'withdraw' | 'bank';

/** Staff money lists' sorts (`/api/admin/wallet/recharge/list`, `/withdraw/list`, `/api/admin/orders/list`): by time (default) or amount. */
export const ADMIN_RECORD_SORTS = ['time', 'amount'] as const;
export type AdminRecordSort = (typeof ADMIN_RECORD_SORTS)[number];

/** The DTOs (zod schemas and their types) live apart so that importing a constant never pulls zod in. */
export type * from './wallet.schemas.ts';
