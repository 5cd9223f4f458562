/** The double-entry ledger: the only module that changes a balance (DESIGN §5). */
export { type AccountKind, type AccountSpec, DEFAULT_CURRENCY, ledgerAccounts } from './ledger.accounts.ts';
export type { DustyWallet, WalletTransfer } from './ledger.reads.ts';
export { LedgerRepository, type TransferRow, type TransferStatus } from './ledger.repository.ts';
export {
  type AuditReport,
  type Balance,
  LedgerService,
  MAX_TRANSFER_ID_LENGTH,
  type TransferInput,
  type TransferResult,
} from './ledger.service.ts';
