/**
 * Page views are counted in memory and written in batches: one transaction every few seconds (and
 * on shutdown) adds each goods' and store's views since the last flush and records what signed-in
 * users looked at. A view costs a map update on the hot path, never a write. Increments (never
 * absolute values) keep several processes correct on one database; a crash loses at most one
 * interval of views, which is the price of not writing per view.
 */
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';

export interface PageViewsOptions {
  /** Flush interval; 0 disables the timer (tests flush by hand). */
  intervalMs: number;
  /** Distinct pending rows that trigger an early flush. */
  maxPending: number;
}

export class PageViews {
  private goods = new Map<string, number>();
  private sellers = new Map<string, number>();
  private recent = new Map<string, { userId: string; goodsId: string; viewedAt: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private onError: (error: unknown) => void = () => {};

  constructor(
    private readonly db: Executor,
    private readonly repository: CatalogueRepository,
    private readonly clock: Clock,
    private readonly options: PageViewsOptions = { intervalMs: 5000, maxPending: 20_000 },
  ) {}

  /** Starts the flush timer (unref'd: it never keeps the process alive). */
  start(onError: (error: unknown) => void): void {
    this.onError = onError;
    if (this.timer || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.flush().catch(this.onError), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  recordGoods(goodsId: string, userId?: string): void {
    this.goods.set(goodsId, (this.goods.get(goodsId) ?? 0) + 1);
    if (userId) {
      this.recent.set(`${userId}:${goodsId}`, { userId, goodsId, viewedAt: this.clock.now() });
    }
    this.maybeFlushEarly();
  }

  recordSeller(sellerId: string): void {
    this.sellers.set(sellerId, (this.sellers.get(sellerId) ?? 0) + 1);
    this.maybeFlushEarly();
  }

  /** Views counted but not yet written (for tests and monitoring). */
  get pending(): { goods: number; sellers: number; recent: number } {
    let goods = 0;
    for (const n of this.goods.values()) goods += n;
    let sellers = 0;
    for (const n of this.sellers.values()) sellers += n;
    return { goods, sellers, recent: this.recent.size };
  }

  private maybeFlushEarly(): void {
    if (this.goods.size + this.sellers.size + this.recent.size >= this.options.maxPending && !this.flushing) {
      void this.flush().catch(this.onError);
    }
  }

  /** Writes everything counted so far in one transaction; on failure the counts are kept for the next try. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.goods.size === 0 && this.sellers.size === 0 && this.recent.size === 0) return;
    const goods = this.goods;
    const sellers = this.sellers;
    const recent = this.recent;
    this.goods = new Map();
    this.sellers = new Map();
    this.recent = new Map();
    // Same order in every process, so two flushes never wait on each other's row locks in a cycle.
    const sorted = <V>(m: Map<string, V>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    this.flushing = inTransaction(this.db, async (tx) => {
      await this.repository.addGoodsViews(tx, sorted(goods));
      await this.repository.addSellerViews(tx, sorted(sellers));
      await this.repository.upsertRecentViews(tx, [...sorted(recent).values()]);
    })
      .catch((error: unknown) => {
        for (const [k, n] of goods) this.goods.set(k, (this.goods.get(k) ?? 0) + n);
        for (const [k, n] of sellers) this.sellers.set(k, (this.sellers.get(k) ?? 0) + n);
        for (const [k, v] of recent) if (!this.recent.has(k)) this.recent.set(k, v);
        throw error;
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }
}
