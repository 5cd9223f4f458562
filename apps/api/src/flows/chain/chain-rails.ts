/**
 * The EVM chain rails put together from configuration (CHAIN_EVM_*): the node, the deposit
 * addresses, the watcher with its deposit flow, the hot wallet's payouts, and the durable watch
 * job. The watch job reschedules itself in fixed time slots (dedupe key per slot), so however many
 * processes start it, one job per slot runs, claimed through the jobs table; the watcher's
 * compare-and-set cursor keeps even two overlapping runs from writing a block twice.
 */
import { formatMoney } from '@mall/contract';
import type { ChainEvmConfig, ChainExplorers } from '../../config/chain-env.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import type { AuditService } from '../../modules/audit/index.ts';
import {
  type ChainService,
  createHotWallet,
  DepositAddresses,
  EvmRpc,
  EvmWatcher,
  type ScanReport,
} from '../../modules/chain/index.ts';
import type { LedgerService } from '../../modules/ledger/index.ts';
import type { ParamsService } from '../../modules/params/index.ts';
import type { WalletChainRecords, WalletService } from '../../modules/wallet/index.ts';
import { ChainDeposits } from './chain-deposits.ts';
import { ChainPayouts, PAYOUT_JOB } from './chain-payouts.ts';

export const WATCH_JOB = 'chain.evm-watch';
export const WATCH_INTERVAL_MS = 5_000;
/** The wallet channels' network name for EVM USDT. */
export const EVM_NETWORK = 'ERC20';
const MAX_STEPS_PER_RUN = 20;

export interface ChainRailsDeps {
  db: Executor;
  wallet: WalletService;
  /** The wallet's records that deposits and payouts open and resolve. */
  walletRecords: WalletChainRecords;
  chain: ChainService;
  ledger: LedgerService;
  params: ParamsService;
  audit: AuditService;
  jobs: JobRunner;
  clock: Clock;
  /** Where a failed watch step is reported (never with configuration values). */
  warn: (message: string) => void;
  /** Each network's explorer link (config `chainExplorers`). */
  explorers: ChainExplorers;
}

export interface DepositAddressDto {
  channel: string;
  network: string;
  coin: string;
  address: string;
  qrText: string;
  confirmations: number;
  min: string;
}

export class ChainRails {
  readonly rpc: EvmRpc;
  readonly addresses: DepositAddresses;
  readonly deposits: ChainDeposits;
  readonly watcher: EvmWatcher;
  readonly payouts: ChainPayouts | undefined;
  lastError: string | undefined;

  constructor(
    private readonly deps: ChainRailsDeps,
    readonly config: ChainEvmConfig,
  ) {
    this.rpc = new EvmRpc(config.rpcUrl);
    this.addresses = new DepositAddresses(deps.db, config.xpub, deps.clock);
    this.deposits = new ChainDeposits(
      deps.db,
      deps.wallet,
      deps.walletRecords,
      deps.chain,
      deps.ledger,
      deps.clock,
      EVM_NETWORK,
      config.confirmations,
    );
    this.watcher = new EvmWatcher(deps.db, this.rpc, this.addresses, this.deposits, deps.clock, {
      network: EVM_NETWORK,
      nativeSymbol: 'ETH',
      tokens: config.tokens,
      confirmations: config.confirmations,
    });
    const usdt = config.tokens.find((t) => t.symbol === 'USDT');
    this.payouts =
      config.hotWalletKey && usdt
        ? new ChainPayouts(
            deps.db,
            deps.walletRecords,
            deps.chain,
            deps.ledger,
            deps.params,
            deps.audit,
            deps.jobs,
            deps.clock,
            this.rpc,
            createHotWallet(config.hotWalletKey),
            this.addresses,
            {
              network: EVM_NETWORK,
              confirmations: config.confirmations,
              token: usdt,
              explorers: deps.explorers,
            },
          )
        : undefined;
    deps.jobs.register(WATCH_JOB, async () => {
      try {
        await this.tick();
        this.lastError = undefined;
      } catch (error) {
        // The node unreachable or answering garbage: nothing was written; the next slot tries again.
        this.lastError = error instanceof Error ? error.message : String(error);
        deps.warn(`chain watcher: ${this.lastError.slice(0, 300)}`);
      } finally {
        await this.scheduleWatch(deps.clock.now() + WATCH_INTERVAL_MS);
        await this.pruneFinishedJobs();
      }
    });
  }

  /** Schedules the watch job of the slot `at` falls in (a second schedule of the same slot is ignored). */
  scheduleWatch(at: number): Promise<void> {
    const slot = Math.floor(at / WATCH_INTERVAL_MS);
    return this.deps.jobs.schedule(this.deps.db, {
      type: WATCH_JOB,
      runAt: slot * WATCH_INTERVAL_MS,
      dedupeKey: `${WATCH_JOB}:${slot}`,
      maxAttempts: 1,
    });
  }

  /**
   * The watch job leaves one finished row per 5-second slot (and a payout one per look at its
   * receipt): those older than an hour are deleted, so the jobs table does not grow by 17,000 rows
   * a day. Only these two types, only finished rows.
   */
  private async pruneFinishedJobs(): Promise<void> {
    await this.deps.jobs.pruneDoneOf([WATCH_JOB, PAYOUT_JOB], this.deps.clock.now() - 3_600_000);
  }

  /** One run: scan until caught up (or a bounded number of steps), then credit what is confirmed. */
  async tick(): Promise<{ scans: ScanReport[]; credited: number }> {
    await this.deposits.refreshChannels();
    const scans: ScanReport[] = [];
    for (let i = 0; i < MAX_STEPS_PER_RUN; i++) {
      const report = await this.watcher.scan();
      scans.push(report);
      if (report.cursor >= report.head && !report.reorganised) break;
    }
    const credited = await this.deposits.creditConfirmed(this.watcher);
    return { scans, credited };
  }

  /** The user's own deposit address for a watched channel (CHANNEL_NOT_OPEN otherwise). */
  async depositAddress(ctx: RequestContext, code: string): Promise<DepositAddressDto> {
    const { userId } = actorOf(ctx);
    const c = await this.deps.wallet.channel(ctx.brand.key, code);
    const watched = c.network === EVM_NETWORK && this.config.tokens.some((t) => t.symbol === c.coin);
    if (c.kind !== 'chain' || !c.rechargeEnabled || !watched) throw new AppError('CHANNEL_NOT_OPEN');
    const address = await this.addresses.addressOf(ctx.brand.key, userId);
    return {
      channel: c.code,
      network: EVM_NETWORK,
      coin: c.coin,
      address,
      qrText: address,
      confirmations: this.config.confirmations,
      min: formatMoney(c.rechargeMin),
    };
  }

  /**
   * A withdrawal address on a watched network must be a person's: not a contract (tokens sent to
   * one are often lost) and not one of our own deposit addresses (money would loop). When the node
   * cannot answer, binding goes on: the payout checks again before signing.
   */
  async checkWithdrawAddress(network: string, address: string): Promise<void> {
    if (network !== EVM_NETWORK) return;
    const lower = address.toLowerCase();
    if ((await this.addresses.owners(this.deps.db, [lower])).size > 0)
      throw new AppError('WITHDRAW_ADDRESS_REFUSED');
    const code = await this.rpc.code(lower).catch(() => '0x');
    if (code !== '0x') throw new AppError('WITHDRAW_ADDRESS_REFUSED');
  }

  /** Confirmations so far of the deposits behind these recharge records (for "confirming n/N"). */
  async progress(rechargeIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (rechargeIds.length === 0) return out;
    const cursor = await this.watcher.cursor();
    if (!cursor) return out;
    const rows = await this.deps.chain.deposits.blocksOfRecharges(this.deps.db, rechargeIds);
    for (const r of rows) {
      if (!r.recharge_id) continue;
      const n = r.status === 'dropped' ? 0 : Number(cursor.head - BigInt(r.block_number) + 1n);
      out.set(r.recharge_id, Math.max(0, Math.min(n, this.config.confirmations)));
    }
    return out;
  }
}
