/**
 * What the chain rails (flows/chain) do to the wallet's records: a deposit seen on the chain opens
 * the user's recharge record, a credit or a reorganisation resolves it; a payout writes its hash on
 * the withdrawal and resolves it. Every call takes the caller's transaction, so the record moves
 * together with the chain row and the ledger transfer. Balances move only through the ledger.
 */
import type { Executor } from '../../core/db/database.ts';
import { ChainRecordsRepository } from './chain-records.repository.ts';
import type { RechargeRow, WalletRepository, WithdrawalRow } from './wallet.repository.ts';

export class WalletChainRecords {
  constructor(
    private readonly wallet: WalletRepository,
    private readonly repository = new ChainRecordsRepository(),
  ) {}

  // --- deposits ------------------------------------------------------------------------------------

  /** Which of these transaction hashes a recharge record on the network already carries. */
  takenTxHashes(tx: Executor, network: string, hashes: readonly string[]): Promise<Set<string>> {
    return this.repository.takenTxHashes(tx, network, hashes);
  }

  /** The user's record of a deposit seen on the chain, processing until it is credited. */
  openDepositRecord(tx: Executor, record: RechargeRow): Promise<void> {
    return this.wallet.insertRecharge(tx, record);
  }

  /** A deposit that came back after a reorganisation: its failed record processing again. */
  reopenDepositRecord(tx: Executor, rechargeId: string, remark: string | null): Promise<void> {
    return this.repository.reopenFailedRecharge(tx, rechargeId, remark);
  }

  depositRecord(tx: Executor, rechargeId: string): Promise<RechargeRow | undefined> {
    return this.wallet.findRecharge(tx, rechargeId);
  }

  /** The record failed with the reason; false when it was no longer processing. */
  failDepositRecord(tx: Executor, rechargeId: string, remark: string, actor: string, at: number) {
    return this.wallet.resolveRecharge(tx, rechargeId, {
      status: 'fail',
      amountCredited: null,
      remark,
      reviewedBy: actor,
      reviewedAt: at,
      transferId: null,
      balanceAfter: null,
    });
  }

  /**
   * The record succeeded with the credited amount and the ledger transfer's id (written by the
   * caller in the same transaction); false when finance resolved it first.
   */
  creditDepositRecord(
    tx: Executor,
    rechargeId: string,
    credit: { amount: bigint; transferId: string; actor: string; at: number },
  ): Promise<boolean> {
    return this.wallet.resolveRecharge(tx, rechargeId, {
      status: 'success',
      amountCredited: credit.amount,
      remark: null,
      reviewedBy: credit.actor,
      reviewedAt: credit.at,
      transferId: credit.transferId,
      balanceAfter: null,
    });
  }

  /** What the user reads on a record still processing (e.g. why it waits). */
  noteOnDepositRecord(tx: Executor, rechargeId: string, remark: string): Promise<void> {
    return this.repository.setRechargeRemark(tx, rechargeId, remark);
  }

  /** The wallet balance right after the credit, as the ledger answered it. */
  recordBalanceAfterDeposit(tx: Executor, rechargeId: string, balanceAfter: bigint | null): Promise<void> {
    return this.repository.setRechargeBalanceAfter(tx, rechargeId, balanceAfter);
  }

  // --- payouts -------------------------------------------------------------------------------------

  withdrawal(tx: Executor, id: string): Promise<WithdrawalRow | undefined> {
    return this.wallet.findWithdrawal(tx, id);
  }

  /** The hash of the transaction now paying the withdrawal (finance and the user see it). */
  recordPayoutHash(tx: Executor, withdrawalId: string, txHash: string): Promise<void> {
    return this.repository.setWithdrawalTxHash(tx, withdrawalId, txHash);
  }

  /** Paid on the chain; false when it was no longer processing. */
  markWithdrawalPaid(tx: Executor, withdrawalId: string, txHash: string, actor: string, at: number) {
    return this.wallet.resolveWithdrawal(tx, withdrawalId, {
      status: 'success',
      txHash,
      remark: null,
      reviewedBy: actor,
      reviewedAt: at,
    });
  }

  /** Not paid, with the reason the user sees; false when it was no longer processing. */
  markWithdrawalUnpaid(tx: Executor, withdrawalId: string, reason: string, actor: string, at: number) {
    return this.wallet.resolveWithdrawal(tx, withdrawalId, {
      status: 'fail',
      txHash: null,
      remark: reason,
      reviewedBy: actor,
      reviewedAt: at,
    });
  }

  /** Brand and amount of each withdrawal (how many approvals it needs). */
  withdrawalAmounts(db: Executor, ids: readonly string[]) {
    return this.repository.withdrawalAmounts(db, ids);
  }
}
