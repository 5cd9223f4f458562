/** The USDT wallet: balances, recharges (chain, bank card, gateways), withdrawals, finance review. */

export { luhnValid } from './card-number.ts';
export { demoAddress, normalizeAddress, normalizeTxHash } from './chain-address.ts';
export { type ChainHash, chainHashesOf } from './chain-hashes.ts';
export { WalletChainRecords } from './chain-records.service.ts';
export { closedGateway, type GatewayAdapter, type GatewayNotification, hmacGateway } from './gateway.ts';
export { GATEWAY_EXPIRE_JOB, type ProofResolver, RechargeService } from './recharge.service.ts';
export { sandboxGatewayRoutes } from './sandbox-gateway.routes.ts';
export { walletAdminRoutes } from './wallet.admin-routes.ts';
export { walletChannelRoutes } from './wallet.channel-routes.ts';
export { type RechargeRow, WalletRepository, type WithdrawalRow } from './wallet.repository.ts';
export { walletRoutes } from './wallet.routes.ts';
export { parseAmount, serialNumber, WalletService, type WalletUsers } from './wallet.service.ts';
export { creditFor, defaultChannels, withdrawFee } from './wallet-channels.ts';
export { type FundPasswordCheck, type WithdrawGuards, WithdrawService } from './withdraw.service.ts';
export { paidWithdrawalsOf, usersSharingWithdrawAddress } from './withdrawal-history.ts';
export { withdrawnToday } from './withdrawn-today.ts';
