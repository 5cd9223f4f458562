/**
 * The wallet's reads and its configuration: balances (from the ledger), channels per brand (cached
 * for a few seconds per process, dropped at once on change through the bus), deposit addresses,
 * and the records of recharges and withdrawals.
 */
import { randomInt } from 'node:crypto';
import {
  type DepositInfoDto,
  formatMoney,
  type Page,
  parseMoney,
  type WalletBalanceDto,
  type WalletRecordDto,
} from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { type LedgerService, ledgerAccounts } from '../ledger/index.ts';
import { rechargeRecordDto, withdrawalRecordDto } from './wallet.dto.ts';
import type { RechargeKind, RecordFilter, WalletRepository } from './wallet.repository.ts';
import { type ChannelRow, defaultChannels } from './wallet-channels.ts';

const CACHE_MS = 5000;
const CHANGED = 'wallet.channels.changed';

/** What the wallet asks accounts (the owner of user names): finance's lists search by user name. */
export interface WalletUsers {
  userIdsNamed(username: string): Promise<string[]>;
}

export class WalletService {
  private readonly cache = new Map<string, { rows: ChannelRow[]; expires: number }>();
  /** Confirmations of chain deposits still confirming (flows/chain), by recharge id. */
  private confirmations: ((ids: string[]) => Promise<Map<string, number>>) | undefined;
  private confirmationsNeeded = 0;

  constructor(
    private readonly db: Executor,
    readonly repository: WalletRepository,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly bus: Bus,
    private readonly users: WalletUsers,
    /** False in production: the sandbox gateway's channels do not exist there. */
    private readonly gatewayChannels = true,
  ) {
    bus.subscribe(CHANGED, (payload) => {
      const brand = (payload as { brand?: unknown } | null)?.brand;
      if (typeof brand === 'string') this.cache.delete(brand);
    });
  }

  /** Drops this process's channel copies (after a bus reconnect: a change message may have been lost). */
  forgetCached(): void {
    this.cache.clear();
  }

  async balance(userId: string, db: Executor = this.db): Promise<WalletBalanceDto> {
    const b = await this.ledger.balanceOf(db, ledgerAccounts.wallet(userId));
    return {
      currency: 'USDT',
      balance: formatMoney(b.balance),
      frozen: formatMoney(b.pending),
      available: formatMoney(b.available),
    };
  }

  /** Everything the user holds, held amounts included (account cancellation refuses while > 0). */
  async totalHeld(userId: string, db: Executor = this.db): Promise<bigint> {
    return (await this.ledger.balanceOf(db, ledgerAccounts.wallet(userId))).balance;
  }

  /**
   * Gives every brand the default channel set it does not have yet (operators' edits are kept):
   * at start, so that reading a brand's channels never writes, even inside another transaction.
   */
  async start(brands: readonly string[]): Promise<void> {
    const rows = brands.flatMap(defaultChannels).filter((c) => this.gatewayChannels || c.kind !== 'gateway');
    await this.repository.insertChannels(this.db, rows, this.clock.now());
  }

  /**
   * The brand's channels, cached for a few seconds. Read through the pool: never call it inside a
   * transaction (that read would need a second connection, and approvals filling the PostgreSQL
   * pool while each waits for one more never finish); read the channels before it instead, as an
   * approval does, and pick one with `channelOf`.
   */
  async channels(brand: string): Promise<ChannelRow[]> {
    const now = this.clock.now();
    const hit = this.cache.get(brand);
    if (hit && hit.expires > now) return hit.rows;
    const stored = await this.repository.channels(this.db, brand);
    const rows = this.gatewayChannels ? stored : stored.filter((c) => c.kind !== 'gateway');
    this.cache.set(brand, { rows, expires: now + CACHE_MS });
    return rows;
  }

  async channel(brand: string, code: string): Promise<ChannelRow> {
    return channelOf(await this.channels(brand), code);
  }

  async updateChannel(row: ChannelRow, db: Executor = this.db): Promise<void> {
    if (!(await this.repository.updateChannel(db, row, this.clock.now())))
      throw new AppError('CHANNEL_NOT_OPEN');
    this.cache.delete(row.brand);
    await this.bus.publish(CHANGED, { brand: row.brand });
  }

  async depositInfo(brand: string, code: string): Promise<DepositInfoDto> {
    if (!code) throw new AppError('SELECT_CURRENCY_FIRST');
    const c = await this.channel(brand, code);
    if (c.kind !== 'chain' || !c.network || !c.depositAddress || !c.rechargeEnabled) {
      throw new AppError('CHANNEL_NOT_OPEN');
    }
    return {
      channel: c.code,
      network: c.network,
      coin: c.coin,
      address: c.depositAddress,
      qrText: c.depositAddress,
      min: formatMoney(c.rechargeMin),
      max: formatMoney(c.rechargeMax),
      rate: formatMoney(c.rate),
    };
  }

  /** Lets the chain watcher show "confirming n/N" on the records it created. */
  useConfirmations(needed: number, source: (ids: string[]) => Promise<Map<string, number>>): void {
    this.confirmationsNeeded = needed;
    this.confirmations = source;
  }

  async rechargeRecords(
    userId: string,
    kinds: readonly RechargeKind[] | undefined,
    page: PageRequest,
  ): Promise<Page<WalletRecordDto>> {
    const { rows, total } = await this.repository.listRecharges(
      this.db,
      { userId, ...(kinds ? { kinds } : {}) },
      page.pageSize,
      offsetOf(page),
    );
    const records = rows.map(rechargeRecordDto);
    const confirming = records
      .filter((r) => r.status === 'processing' && r.type === 'recharge')
      .map((r) => r.id);
    if (this.confirmations && confirming.length > 0) {
      const seen = await this.confirmations(confirming);
      for (const r of records) {
        const n = seen.get(r.id);
        if (n !== undefined)
          Object.assign(r, { confirmations: n, confirmationsNeeded: this.confirmationsNeeded });
      }
    }
    return pageOf(records, total, page);
  }

  /** Finance's list filter of a brand, its keyword also looked up as a user name. */
  async reviewFilter(brand: string, filter: RecordFilter): Promise<RecordFilter> {
    const keyword = filter.keyword;
    const keywordUserIds = keyword ? await this.users.userIdsNamed(keyword) : undefined;
    return { ...filter, brand, keywordUserIds };
  }

  async withdrawRecords(userId: string, page: PageRequest): Promise<Page<WalletRecordDto>> {
    const { rows, total } = await this.repository.listWithdrawals(
      this.db,
      { userId },
      page.pageSize,
      offsetOf(page),
    );
    return pageOf(rows.map(withdrawalRecordDto), total, page);
  }
}

/**
 * An amount in a channel's coin: a plain decimal string within the coin's decimals, above zero.
 * Bad shapes (negatives, exponents, NaN, too many decimals) are AMOUNT_FORMAT.
 */
export function parseAmount(raw: unknown, decimals: number): bigint {
  const parsed = parseMoney(raw, decimals);
  if (!parsed.ok || parsed.units <= 0n) throw new AppError('AMOUNT_FORMAT');
  return parsed.units;
}

/**
 * A human-readable serial number: prefix, Shanghai time to the second, 12 random digits. The column
 * is unique, and a clash fails the request: with 6 digits, 500 records in one second clashed about
 * one time in eight (a withdrawal answered a server error); with 12, a thousand a second clash
 * about once in two million seconds.
 */
export function serialNumber(prefix: string, now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const stamp = d.toISOString().slice(0, 19).replace(/[-T:]/g, '');
  const six = () => randomInt(0, 1_000_000).toString().padStart(6, '0');
  return `${prefix}${stamp}${six()}${six()}`;
}

/** The channel of `code` among a brand's channels, or CHANNEL_NOT_OPEN. */
export function channelOf(channels: readonly ChannelRow[], code: string): ChannelRow {
  const found = channels.find((c) => c.code === code);
  if (!found) throw new AppError('CHANNEL_NOT_OPEN');
  return found;
}
