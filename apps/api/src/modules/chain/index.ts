/** Chain rails (issue 29): per-user deposit addresses, the EVM watcher, the node, the hot wallet. */

export { ChainService } from './chain.service.ts';
export type { DepositStatus, PayoutStatus } from './chain.table.ts';
export {
  type AddressOwner,
  brandIndexOf,
  DepositAddresses,
  EVM_FAMILY,
  evmAddressOf,
} from './deposit-addresses.ts';
export type { DueDeposit } from './deposit-records.repository.ts';
export { type ChainBlock, type ChainReceipt, EvmRpc, RpcAnswerError, TRANSFER_TOPIC } from './evm-rpc.ts';
export {
  DeepReorgError,
  type DepositSink,
  EvmWatcher,
  type ScanReport,
  type SeenDecision,
  type SeenDeposit,
  WatcherRaceError,
} from './evm-watcher.ts';
export { createHotWallet, type HotWallet, type PayoutToSign } from './hot-wallet.ts';
export type { PayoutRow, QueuedPayout, SignedPayout } from './payout-records.repository.ts';
