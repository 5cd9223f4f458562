/**
 * Chain deposits become wallet money (issue 29): the watcher's sink (a user's record appears at
 * once, "confirming n/N") and the credit step (after N confirmations, through the ledger, once).
 * Writes across the chain, wallet and ledger modules, hence a flow. Exactly once holds three ways:
 * the deposit row moves confirming → credited with a conditional update, the user's record moves
 * processing → success with another, and the ledger transfer's id is the chain event itself
 * (`c:<network>:<tx hash>:<log index>`), all in one transaction.
 */
import { BRANDS, MONEY_MAX_UNITS } from '@mall/contract';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import type {
  ChainService,
  DepositSink,
  DueDeposit,
  EvmWatcher,
  SeenDecision,
  SeenDeposit,
} from '../../modules/chain/index.ts';
import { type LedgerService, ledgerAccounts } from '../../modules/ledger/index.ts';
import {
  creditFor,
  type RechargeRow,
  serialNumber,
  type WalletChainRecords,
  type WalletService,
} from '../../modules/wallet/index.ts';

type Channel = Awaited<ReturnType<WalletService['channels']>>[number];

/** A person holds whole micro-USDT (owners.md): ledger units per micro-USDT. */
const MICRO = 10_000n;
const LEDGER_DECIMALS = 10;
const CREDIT_BATCH = 250;
export const WATCHER_ACTOR = 'chain-watcher';

/** Token units (`decimals`) in ledger units, or undefined when the ledger's scale cannot hold them exactly. */
export function toLedgerUnits(raw: bigint, decimals: number): bigint | undefined {
  if (decimals <= LEDGER_DECIMALS) return raw * 10n ** BigInt(LEDGER_DECIMALS - decimals);
  const divisor = 10n ** BigInt(decimals - LEDGER_DECIMALS);
  return raw % divisor === 0n ? raw / divisor : undefined;
}

export function depositTransferId(network: string, txHash: string, logIndex: number): string {
  return `c:${network}:${txHash.replace(/^0x/, '')}:${logIndex}`;
}

export class ChainDeposits implements DepositSink {
  private channels = new Map<string, Channel[]>();

  constructor(
    private readonly db: Executor,
    private readonly wallet: WalletService,
    private readonly records: WalletChainRecords,
    private readonly chain: ChainService,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly network: string,
    private readonly confirmations: number,
  ) {}

  /** The brands' channels, read before the watcher's transactions (never a pool read inside one). */
  async refreshChannels(): Promise<void> {
    for (const b of BRANDS) this.channels.set(b.key, await this.wallet.channels(b.key));
  }

  private channelFor(brand: string, asset: string): Channel | undefined {
    return this.channels
      .get(brand)
      ?.find(
        (c) => c.kind === 'chain' && c.network === this.network && c.coin === asset && c.rechargeEnabled,
      );
  }

  /** What a deposit is worth in USDT ledger units, or why it cannot be credited by itself. */
  private valueOf(
    d: { asset: string; decimals: number | null; amountRaw: bigint },
    channel: Channel | undefined,
  ) {
    if (!channel || d.decimals === null)
      return { problem: `no ${d.asset} deposits on this brand: kept for finance` };
    const coin = toLedgerUnits(d.amountRaw, d.decimals);
    if (coin === undefined || coin > MONEY_MAX_UNITS)
      return { problem: 'amount beyond the ledger scale: not rounded, finance decides' };
    const credited = creditFor(coin, channel.rate);
    if (credited % MICRO !== 0n || credited === 0n) {
      return { coin, problem: 'amount finer than a micro-USDT: not rounded, finance decides' };
    }
    return { coin, credited };
  }

  async seen(tx: Executor, deposits: readonly SeenDeposit[]): Promise<SeenDecision[]> {
    const now = this.clock.now();
    // The user's record carries the plain hash; a second event of one transaction (a batch payment)
    // and a hash someone already claimed by hand get `:<log index>`, so none collides.
    const hashes = [...new Set(deposits.map((d) => d.txHash))];
    const taken = await this.records.takenTxHashes(tx, this.network, hashes);
    const decisions: SeenDecision[] = [];
    for (const d of deposits) {
      const channel = this.channelFor(d.owner.brand, d.asset);
      const value = this.valueOf(d, channel);
      const status = !channel ? 'unknown_token' : 'credited' in value ? 'confirming' : 'rejected';
      const reason = 'problem' in value ? (value.problem ?? null) : null;
      if (d.reopened?.rechargeId) {
        await this.records.reopenDepositRecord(tx, d.reopened.rechargeId, reason);
        decisions.push({ status, reason, rechargeId: d.reopened.rechargeId });
        continue;
      }
      if (!channel || value.coin === undefined) {
        decisions.push({ status, reason, rechargeId: null });
        continue;
      }
      const txHash = taken.has(d.txHash) ? `${d.txHash}:${d.logIndex}` : d.txHash;
      taken.add(txHash);
      const rechargeId = d.id;
      await this.records.openDepositRecord(tx, {
        id: rechargeId,
        serialNo: serialNumber('R', now),
        brand: d.owner.brand,
        userId: d.owner.userId,
        kind: 'chain',
        channelCode: channel.code,
        network: this.network,
        coin: channel.coin,
        rate: channel.rate,
        amountClaimed: value.coin,
        amountCredited: null,
        txHash,
        proofUrl: null,
        bankName: null,
        cardLast4: null,
        status: 'processing',
        remark: reason,
        reviewedBy: null,
        reviewedAt: null,
        transferId: null,
        balanceAfter: null,
        createdAt: now,
      });
      decisions.push({ status, reason, rechargeId });
    }
    return decisions;
  }

  async dropped(tx: Executor, deposits: readonly { id: string; rechargeId: string | null }[]): Promise<void> {
    for (const d of deposits) {
      if (!d.rechargeId) continue;
      await this.records.failDepositRecord(
        tx,
        d.rechargeId,
        'the transaction left the chain in a reorganisation; it is credited if it returns',
        WATCHER_ACTOR,
        this.clock.now(),
      );
    }
  }

  /**
   * Credits every deposit with N confirmations on blocks the watcher has checked. Returns how many
   * were credited. Safe to run in several processes at once: each deposit is credited once.
   */
  async creditConfirmed(watcher: EvmWatcher): Promise<number> {
    const cursor = await watcher.cursor();
    if (!cursor) return 0;
    const deepest = cursor.head - BigInt(this.confirmations) + 1n;
    const limit = deepest < cursor.number ? deepest : cursor.number;
    let total = 0;
    for (;;) {
      const due = await this.chain.deposits.dueForCredit(this.db, this.network, limit, CREDIT_BATCH);
      if (due.length === 0) return total;
      total += await inTransaction(this.db, async (tx) => {
        let credited = 0;
        for (const d of due) if (await this.creditOne(tx, d)) credited++;
        return credited;
      });
      if (due.length < CREDIT_BATCH) return total;
    }
  }

  private async creditOne(tx: Executor, d: DueDeposit): Promise<boolean> {
    const now = this.clock.now();
    const transferId = depositTransferId(this.network, d.tx_hash, Number(d.log_index));
    const claimed = await this.chain.deposits.claimForCredit(tx, d.id, transferId, now);
    // Another process credited it a moment ago.
    if (!claimed || !d.user_id || !d.brand || !d.recharge_id) return false;
    const record = await this.records.depositRecord(tx, d.recharge_id);
    if (!record) return false;
    const channel = this.channelFor(d.brand, d.asset);
    if (channel && creditFor(record.amountClaimed, record.rate) < channel.rechargeMin) {
      const together = await this.belowMinimum(tx, d.user_id, d.asset);
      const sum = together.reduce((total, w) => total + creditFor(w.record.amountClaimed, w.record.rate), 0n);
      if (sum + creditFor(record.amountClaimed, record.rate) < channel.rechargeMin) {
        await this.chain.deposits.holdBelowMinimum(tx, d.id);
        await this.records.noteOnDepositRecord(
          tx,
          d.recharge_id,
          'below the minimum deposit: credited when your deposits together reach it',
        );
        return false;
      }
      for (const w of together) {
        await this.chain.deposits.creditWaiting(tx, w.id, w.transferId, now);
        await this.post(tx, w.record, w.transferId, w.id);
      }
    }
    return this.post(tx, record, transferId, d.id);
  }

  /** The user's earlier deposits of this coin waiting below the minimum, with their open records. */
  private async belowMinimum(tx: Executor, userId: string, asset: string) {
    const rows = await this.chain.deposits.waitingBelowMinimum(tx, userId, this.network, asset);
    const out: { id: string; transferId: string; record: RechargeRow }[] = [];
    for (const r of rows) {
      const record = r.recharge_id ? await this.records.depositRecord(tx, r.recharge_id) : undefined;
      if (record?.status !== 'processing') continue;
      out.push({
        id: r.id,
        transferId: depositTransferId(this.network, r.tx_hash, Number(r.log_index)),
        record,
      });
    }
    return out;
  }

  /** The record resolved and the ledger transfer written, or nothing when finance resolved it first. */
  private async post(
    tx: Executor,
    record: RechargeRow,
    transferId: string,
    depositId: string,
  ): Promise<boolean> {
    const credited = creditFor(record.amountClaimed, record.rate);
    const resolved = await this.records.creditDepositRecord(tx, record.id, {
      amount: credited,
      transferId,
      actor: WATCHER_ACTOR,
      at: this.clock.now(),
    });
    if (!resolved) {
      await this.chain.deposits.markResolvedByFinance(tx, depositId);
      return false;
    }
    const moved = await this.ledger.transfer(tx, {
      id: transferId,
      debit: ledgerAccounts.external(this.network),
      credit: ledgerAccounts.wallet(record.userId),
      amount: credited,
      kind: 'recharge',
      reference: record.id,
      memo: record.serialNo,
    });
    await this.records.recordBalanceAfterDeposit(tx, record.id, moved.creditBalanceAfter);
    return true;
  }
}
