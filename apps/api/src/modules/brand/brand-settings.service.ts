/**
 * The brand settings an operator changes at run time (name, title, colours, links, hidden
 * languages). Only the fields that differ from the built-in brand are stored; every process applies
 * them at start and again when the bus announces a change, so all processes wear the same brand.
 */
import {
  BRAND_OPTIONAL_URL_KEYS,
  BRAND_SETTING_RULES,
  BRAND_THEME_KEYS,
  BRAND_URL_KEYS,
  BRANDS,
  type Brand,
  type BrandSettingsDto,
  type BrandSettingsValues,
  type BrandSummaryDto,
  MONEY_STYLES,
  toWireTime,
} from '@mall/contract';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import { applyBrandOverrides, type BrandOverrides, type BrandResolver } from '../../core/brand.ts';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { AuditService } from '../audit/index.ts';
import type { BrandSettingsRepository } from './brand-settings.repository.ts';

const CHANGED = 'brand.changed';

/** A change as the console sends it: any subset of the fields. */
export type BrandSettingsPatch = Partial<Omit<BrandSettingsValues, 'theme'>> & {
  theme?: Partial<BrandSettingsValues['theme']> | undefined;
};

function valuesOf(brand: Brand): BrandSettingsValues {
  return {
    name: brand.name,
    title: brand.title,
    theme: { ...brand.theme },
    supportMail: brand.supportMail,
    promotionUrl: brand.promotionUrl,
    lotteryUrl: brand.lotteryUrl ?? '',
    customerServiceUrl: brand.customerServiceUrl,
    buyerAppUrl: brand.buyerAppUrl,
    sellerAppUrl: brand.sellerAppUrl,
    hiddenLanguages: [...brand.hiddenLanguages],
    moneyStyle: brand.moneyStyle,
  };
}

function check(next: BrandSettingsValues): void {
  for (const key of BRAND_THEME_KEYS) {
    if (!BRAND_SETTING_RULES.colour.test(next.theme[key]))
      throw new AppError('BRAND_COLOR_FORMAT', { field: key });
  }
  for (const key of BRAND_URL_KEYS) {
    const url = next[key];
    if (url === '' && BRAND_OPTIONAL_URL_KEYS.includes(key)) continue;
    if (!/^https?:\/\/[^\s/]+/i.test(url)) throw new AppError('BRAND_URL_FORMAT', { field: key });
  }
  if (next.hiddenLanguages.includes(DEFAULT_LANGUAGE)) throw new AppError('BRAND_DEFAULT_LANGUAGE_HIDDEN');
}

/** The fields of `next` that differ from `base`, as stored overrides. */
function diff(base: BrandSettingsValues, next: BrandSettingsValues): BrandOverrides {
  const out: BrandOverrides = {};
  const theme: Partial<BrandSettingsValues['theme']> = {};
  for (const key of BRAND_THEME_KEYS) if (next.theme[key] !== base.theme[key]) theme[key] = next.theme[key];
  if (Object.keys(theme).length > 0) out.theme = theme;
  for (const key of ['name', 'title', 'supportMail', ...BRAND_URL_KEYS] as const) {
    if (next[key] !== base[key]) out[key] = next[key];
  }
  if (next.moneyStyle !== base.moneyStyle) out.moneyStyle = next.moneyStyle;
  const hidden = [...next.hiddenLanguages].sort();
  if (hidden.join(',') !== [...base.hiddenLanguages].sort().join(','))
    out.hiddenLanguages = hidden as LanguageCode[];
  return out;
}

/** Field names (`theme.primary` for colours) an override set changes. */
function fieldsOf(o: BrandOverrides): string[] {
  const { theme, ...rest } = o;
  return [...Object.keys(rest), ...Object.keys(theme ?? {}).map((k) => `theme.${k}`)].sort();
}

function parse(json: string): BrandOverrides | undefined {
  try {
    const value = JSON.parse(json) as BrandOverrides;
    if (value.hiddenLanguages)
      value.hiddenLanguages = value.hiddenLanguages.filter((l) => LANGUAGE_CODES.includes(l));
    if (value.moneyStyle !== undefined && !MONEY_STYLES.includes(value.moneyStyle)) delete value.moneyStyle;
    return value;
  } catch {
    return undefined;
  }
}

export class BrandSettingsService {
  constructor(
    private readonly db: Executor,
    private readonly repository: BrandSettingsRepository,
    private readonly brands: BrandResolver,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {
    bus.subscribe(CHANGED, (payload) => {
      const key = (payload as { brand?: unknown } | null)?.brand;
      if (typeof key === 'string') void this.reload(key);
    });
  }

  /**
   * Applies every stored override, and the built-in look to brands with none: at start, before
   * the first request, then again every little while and after the bus reconnects
   * (core/cache-refresh.ts), so a change whose message was lost is worn all the same.
   */
  async start(): Promise<void> {
    const stored = new Map((await this.repository.all()).map((row) => [row.brand, row.overrides_json]));
    for (const brand of BRANDS) this.apply(brand.key, stored.get(brand.key));
  }

  /** What each brand wears now, as stored; unchanged brands keep their object (callers cache by it). */
  private readonly applied = new Map<string, string | undefined>();

  private apply(key: string, json: string | undefined): void {
    if (this.applied.has(key) && this.applied.get(key) === json) return;
    this.applied.set(key, json);
    this.brands.override(key, json === undefined ? undefined : parse(json));
  }

  private async reload(key: string): Promise<void> {
    const row = await this.repository.find(key);
    this.apply(key, row?.overrides_json);
  }

  list(ctx: RequestContext): BrandSummaryDto[] {
    return BRANDS.map((b) => {
      const brand = this.brands.byKey(b.key) ?? b;
      return {
        key: b.key,
        name: brand.name,
        primary: brand.theme.primary,
        hosts: [...b.hosts],
        current: b.key === ctx.brand.key,
      };
    });
  }

  /** The settings of the brand the console is served under (the only one its admins edit). */
  async info(ctx: RequestContext): Promise<BrandSettingsDto> {
    const key = ctx.brand.key;
    const base = this.brands.builtIn(key) as Brand;
    const current = valuesOf(this.brands.byKey(key) ?? base);
    const defaults = valuesOf(base);
    const row = await this.repository.find(key);
    return {
      key,
      hosts: [...base.hosts],
      current,
      defaults,
      overridden: fieldsOf(diff(defaults, current)),
      updateTime: row ? toWireTime(row.updated_at) : null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  /** Applies a change to the current brand; a field set back to its default stops being overridden. */
  async update(ctx: RequestContext, patch: BrandSettingsPatch): Promise<BrandSettingsDto> {
    const key = ctx.brand.key;
    const actorId = ctx.actor?.userId;
    if (!actorId) throw new AppError('NOT_LOGGED_IN');
    const builtIn = this.brands.builtIn(key) as Brand;
    const defaults = valuesOf(builtIn);
    const now = this.clock.now();
    let overrides: BrandOverrides = {};
    await inTransaction(this.db, async (tx) => {
      // The stored row, not this process's copy: another process may have changed it a moment ago.
      const row = await this.repository.find(key, tx);
      const before = (row && parse(row.overrides_json)) ?? {};
      const worn = valuesOf(applyBrandOverrides(builtIn, before));
      const next: BrandSettingsValues = {
        ...worn,
        ...definedOf(patch),
        theme: { ...worn.theme, ...definedOf(patch.theme ?? {}) },
      };
      check(next);
      overrides = diff(defaults, next);
      await this.repository.save(tx, key, JSON.stringify(overrides), actorId, now);
      await this.audit.record(tx, {
        brand: key,
        actorId,
        action: 'brand.update',
        targetType: 'brand',
        targetId: key,
        before,
        after: overrides,
      });
    });
    this.apply(key, JSON.stringify(overrides));
    await this.bus.publish(CHANGED, { brand: key });
    return this.info(ctx);
  }
}

/** The fields of an object that are not undefined (absent from a patch: unchanged). */
function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
