/**
 * Picking the brand of a request: by Host, else the configured default. A brand is the built-in
 * one of the contract with an operator's overrides on top (modules/brand keeps them in the database
 * and hands them to every process); a change swaps in a new Brand object, so caches keyed by the
 * object (the themed index.html, the icon) are fresh on the next request.
 */
import { BRANDS, type Brand, type BrandTheme, type MoneyStyle } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';

/** The run-time fields an operator may change; anything absent follows the built-in brand. */
export interface BrandOverrides {
  name?: string;
  title?: string;
  theme?: Partial<BrandTheme>;
  supportMail?: string;
  promotionUrl?: string;
  /** Empty: the brand shows no lottery box. */
  lotteryUrl?: string;
  customerServiceUrl?: string;
  buyerAppUrl?: string;
  sellerAppUrl?: string;
  hiddenLanguages?: LanguageCode[];
  moneyStyle?: MoneyStyle;
}

export interface BrandResolver {
  /**
   * The brand of a Host header as sent (`shop.example:8443`, `[::1]:3000`, or a bare name), else the
   * default: what every request asks, remembered per distinct header so a request neither splits
   * nor lower-cases it again.
   */
  forHost(host: string | undefined): Brand;
  readonly fallback: Brand;
  /** The brand of a key as it is worn now; undefined for an unknown key. */
  byKey(key: string): Brand | undefined;
  /** The built-in brand of a key, without overrides. */
  builtIn(key: string): Brand | undefined;
  /** Replaces a brand's overrides (undefined: none left). */
  override(key: string, overrides: BrandOverrides | undefined): void;
}

/** The built-in brand with the overrides on top. */
export function applyBrandOverrides(base: Brand, o: BrandOverrides | undefined): Brand {
  if (!o) return base;
  const { lotteryUrl: _lottery, ...rest } = base;
  const lotteryUrl = o.lotteryUrl ?? base.lotteryUrl;
  return {
    ...rest,
    ...(lotteryUrl ? { lotteryUrl } : {}),
    name: o.name ?? base.name,
    title: o.title ?? base.title,
    theme: { ...base.theme, ...o.theme },
    supportMail: o.supportMail ?? base.supportMail,
    promotionUrl: o.promotionUrl ?? base.promotionUrl,
    customerServiceUrl: o.customerServiceUrl ?? base.customerServiceUrl,
    buyerAppUrl: o.buyerAppUrl ?? base.buyerAppUrl,
    sellerAppUrl: o.sellerAppUrl ?? base.sellerAppUrl,
    hiddenLanguages: o.hiddenLanguages ?? base.hiddenLanguages,
    moneyStyle: o.moneyStyle ?? base.moneyStyle,
  };
}

const HOST_HEADERS_REMEMBERED = 256;

/** The host name of a Host header, as Fastify's `request.hostname` reads it (IPv6 in brackets). */
export function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

export function createBrandResolver(defaultKey: string): BrandResolver {
  const builtIn = new Map<string, Brand>(BRANDS.map((b) => [b.key, b]));
  const current = new Map<string, Brand>(builtIn);
  // Host → brand object itself: one lookup per request, as before overrides existed.
  const byHost = new Map<string, Brand>();
  const index = (brand: Brand) => {
    for (const host of brand.hosts) byHost.set(host.toLowerCase(), brand);
  };
  for (const brand of BRANDS) index(brand);
  if (!builtIn.has(defaultKey)) throw new Error(`Unknown brand key ${defaultKey}`);
  // Host header as sent → brand. Any client may send any Host, so the memo is bounded: past the
  // bound it starts again, which costs a few splits, never memory.
  const byHeader = new Map<string, Brand>();
  return {
    get fallback() {
      return current.get(defaultKey) as Brand;
    },
    forHost(host) {
      if (!host) return current.get(defaultKey) as Brand;
      const known = byHeader.get(host);
      if (known) return known;
      if (byHeader.size >= HOST_HEADERS_REMEMBERED) byHeader.clear();
      const brand = byHost.get(hostnameOf(host).toLowerCase()) ?? (current.get(defaultKey) as Brand);
      byHeader.set(host, brand);
      return brand;
    },
    byKey: (key) => current.get(key),
    builtIn: (key) => builtIn.get(key),
    override(key, overrides) {
      const base = builtIn.get(key);
      if (!base) return;
      const brand = applyBrandOverrides(base, overrides);
      current.set(key, brand);
      index(brand);
      byHeader.clear();
    },
  };
}
