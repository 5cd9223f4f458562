/**
 * Public configuration by code. Reads are on every page load, so each process keeps a short-lived
 * copy per brand; a change is announced on the bus and every process drops its copy at once.
 */
import { type Brand, PARAM_DEFAULTS, type ParamCode } from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import type { ParamsRepository } from './params.repository.ts';

const CACHE_MS = 5000;
const CHANGED = 'params.changed';

export type ParamValues = Readonly<Record<ParamCode, string>>;

export class ParamsService {
  private readonly cache = new Map<string, { values: ParamValues; expires: number }>();
  /** Answers per code list, kept as long as the values they were cut from (a hot read path). */
  private readonly picks = new WeakMap<ParamValues, Map<string, Partial<ParamValues>>>();

  constructor(
    private readonly repository: ParamsRepository,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {
    bus.subscribe(CHANGED, (payload) => {
      const brand = (payload as { brand?: unknown } | null)?.brand;
      if (typeof brand === 'string') this.cache.delete(brand);
    });
  }

  /** Drops this process's copies (after a bus reconnect: a change message may have been lost). */
  forgetCached(): void {
    this.cache.clear();
  }

  /**
   * Every public param of a brand: operator value, else the brand's own, else the contract default.
   * A cache hit answers synchronously (the hottest read of the API). Inside a transaction pass it
   * as `tx`: a miss is read there and not kept (a read through the pool would wait for a second
   * connection, and transactions filling the pool that way never finish).
   */
  all(brand: Brand, tx?: Executor): ParamValues | Promise<ParamValues> {
    const hit = this.cache.get(brand.key);
    if (hit && hit.expires > this.clock.now()) return hit.values;
    return this.load(brand, tx);
  }

  /** What a param is when no operator set it: the contract's default, or the brand's own. */
  defaultsOf(brand: Brand): ParamValues {
    return { ...PARAM_DEFAULTS, customer_service_url: brand.customerServiceUrl };
  }

  private async load(brand: Brand, tx?: Executor): Promise<ParamValues> {
    const now = this.clock.now();
    const values: Record<string, string> = { ...this.defaultsOf(brand) };
    for (const row of await this.repository.findByBrand(brand.key, tx)) {
      if (Object.hasOwn(PARAM_DEFAULTS, row.code)) values[row.code] = row.value;
    }
    const frozen = Object.freeze(values) as ParamValues;
    if (!tx) this.cache.set(brand.key, { values: frozen, expires: now + CACHE_MS });
    return frozen;
  }

  pick(brand: Brand, codes: readonly ParamCode[]): Partial<ParamValues> | Promise<Partial<ParamValues>> {
    const values = this.all(brand);
    if (values instanceof Promise) return values.then((v) => this.pickFrom(v, codes));
    return this.pickFrom(values, codes);
  }

  private pickFrom(values: ParamValues, codes: readonly ParamCode[]): Partial<ParamValues> {
    if (codes.length === 0) return values;
    let byList = this.picks.get(values);
    if (!byList) {
      byList = new Map();
      this.picks.set(values, byList);
    }
    const listKey = codes.join(',');
    let out = byList.get(listKey);
    if (!out) {
      const picked: Partial<Record<ParamCode, string>> = {};
      for (const code of codes) picked[code] = values[code];
      out = Object.freeze(picked);
      byList.set(listKey, out);
    }
    return out;
  }

  async set(brand: Brand, code: ParamCode, value: string): Promise<void> {
    await this.repository.upsert(brand.key, code, value, this.clock.now());
    await this.changed(brand);
  }

  /** After a committed change: drops the brand's copy here and in every process. */
  async changed(brand: Brand): Promise<void> {
    this.cache.delete(brand.key);
    await this.bus.publish(CHANGED, { brand: brand.key });
  }
}
