/**
 * The twenty brands one deployment wears. All names are our own inventions. The server picks a
 * brand by the request's Host (see `hosts`), else by the BRAND setting, and injects its title,
 * icon and colours into index.html so the first paint is already themed.
 */
import type { LanguageCode } from '@mall/i18n';
import { accessibleColours } from './brand-contrast.ts';

export type FooterCoin = 'USDT' | 'USDC' | 'ETH' | 'BTC';

/** How amounts are written: '12.50 USDT' (code) or '$12.50' (symbol); one style on every page. */
export type MoneyStyle = 'code' | 'symbol';
export const MONEY_STYLES: readonly MoneyStyle[] = ['code', 'symbol'];

export interface BrandTheme {
  /** Main action colour (buttons, links, badges). */
  primary: string;
  /** Text on the primary colour. */
  onPrimary: string;
  /** Second colour for prices and highlights. */
  accent: string;
  /** Header and footer surfaces. */
  header: string;
  footer: string;
  onFooter: string;
}

export interface Brand {
  key: string;
  name: string;
  title: string;
  /** One or two letters drawn on the generated icon. */
  monogram: string;
  theme: BrandTheme;
  supportMail: string;
  storageBucket: string;
  hiddenLanguages: LanguageCode[];
  moneyStyle: MoneyStyle;
  footerCoins: FooterCoin[];
  hosts: string[];
  wapUrl?: string;
  promotionUrl: string;
  lotteryUrl?: string;
  /** Empty means the built-in service chat is used. */
  customerServiceUrl: string;
  buyerAppUrl: string;
  sellerAppUrl: string;
}

interface Seed {
  key: string;
  name: string;
  monogram: string;
  primary: string;
  accent: string;
  header: string;
  footer: string;
  onPrimary?: string;
  onFooter?: string;
  hiddenLanguages?: LanguageCode[];
  usdc?: boolean;
  /** Amounts as '$12.50' instead of '12.50 USDT'. */
  moneySymbol?: boolean;
  wap?: boolean;
  lottery?: boolean;
  slogan: string;
}

const seeds: Seed[] = [
  {
    key: 'novamart',
    name: 'NovaMart',
    monogram: 'N',
    primary: '#e4572e',
    accent: '#f3a712',
    header: '#ffffff',
    footer: '#1d1d1f',
    slogan: 'Wholesale without borders',
    lottery: true,
  },
  {
    key: 'lumen',
    name: 'Lumen Bazaar',
    monogram: 'L',
    primary: '#2563eb',
    accent: '#f59e0b',
    header: '#ffffff',
    footer: '#0f172a',
    slogan: 'Bright deals every day',
    moneySymbol: true,
  },
  {
    key: 'harborline',
    name: 'Harborline Wholesale',
    monogram: 'H',
    primary: '#0e7490',
    accent: '#f97316',
    header: '#f0fdfa',
    footer: '#083344',
    slogan: 'From the dock to your door',
    wap: true,
  },
  {
    key: 'saffron',
    name: 'Saffron Square',
    monogram: 'S',
    primary: '#c2410c',
    accent: '#65a30d',
    header: '#fffbeb',
    footer: '#431407',
    slogan: 'A market full of colour',
  },
  {
    key: 'cobalt',
    name: 'Cobalt Market',
    monogram: 'C',
    primary: '#1e40af',
    accent: '#db2777',
    header: '#ffffff',
    footer: '#172554',
    slogan: 'Trade with confidence',
    usdc: true,
  },
  {
    key: 'meridian',
    name: 'Meridian Depot',
    monogram: 'M',
    primary: '#047857',
    accent: '#eab308',
    header: '#ffffff',
    footer: '#022c22',
    slogan: 'Goods from every longitude',
  },
  {
    key: 'juniper',
    name: 'Juniper Lane',
    monogram: 'J',
    primary: '#4d7c0f',
    accent: '#b45309',
    header: '#f7fee7',
    footer: '#1a2e05',
    slogan: 'Fresh finds, fair prices',
  },
  {
    key: 'tidewell',
    name: 'Tidewell Trade',
    monogram: 'T',
    primary: '#0369a1',
    accent: '#e11d48',
    header: '#ffffff',
    footer: '#0c1a2b',
    slogan: 'Stock that flows',
    lottery: true,
  },
  {
    key: 'kestrel',
    name: 'Kestrel Goods',
    monogram: 'K',
    primary: '#7c2d12',
    accent: '#0891b2',
    header: '#ffffff',
    footer: '#2b1208',
    slogan: 'Sharp eyes for good value',
  },
  {
    key: 'orchardway',
    name: 'Orchardway',
    monogram: 'O',
    primary: '#be123c',
    accent: '#16a34a',
    header: '#fff1f2',
    footer: '#3f0714',
    slogan: 'Pick the best of the season',
    hiddenLanguages: ['zh-CN', 'zh-TW'],
  },
  {
    key: 'zephyr',
    name: 'Zephyr Exchange',
    monogram: 'Z',
    primary: '#6d28d9',
    accent: '#f59e0b',
    header: '#ffffff',
    footer: '#1e1033',
    slogan: 'Light on fees, quick to ship',
  },
  {
    key: 'amberly',
    name: 'Amberly Mall',
    monogram: 'A',
    primary: '#b45309',
    accent: '#1d4ed8',
    header: '#fffbeb',
    footer: '#2a1605',
    slogan: 'Warm service, wholesale prices',
    onPrimary: '#ffffff',
  },
  {
    key: 'quillon',
    name: 'Quillon Supply',
    monogram: 'Q',
    primary: '#334155',
    accent: '#f97316',
    header: '#f8fafc',
    footer: '#0f172a',
    slogan: 'Supplies for every shop',
  },
  {
    key: 'solstice',
    name: 'Solstice Store',
    monogram: 'S',
    primary: '#ea580c',
    accent: '#0284c7',
    header: '#ffffff',
    footer: '#1c0f05',
    slogan: 'The longest day of deals',
    usdc: true,
  },
  {
    key: 'marigold',
    name: 'Marigold Market',
    monogram: 'M',
    primary: '#ca8a04',
    accent: '#9333ea',
    header: '#fefce8',
    footer: '#1f1a05',
    slogan: 'Golden prices, every day',
    onPrimary: '#1f1a05',
  },
  {
    key: 'granitepeak',
    name: 'Granite Peak Trading',
    monogram: 'G',
    primary: '#44403c',
    accent: '#dc2626',
    header: '#fafaf9',
    footer: '#1c1917',
    slogan: 'Solid goods, solid service',
  },
  {
    key: 'willowgate',
    name: 'Willowgate',
    monogram: 'W',
    primary: '#15803d',
    accent: '#c026d3',
    header: '#f0fdf4',
    footer: '#052e16',
    slogan: 'Gateway to good buys',
    wap: true,
  },
  {
    key: 'vireo',
    name: 'Vireo Commerce',
    monogram: 'V',
    primary: '#0d9488',
    accent: '#f43f5e',
    header: '#ffffff',
    footer: '#042f2e',
    slogan: 'Small birds, big baskets',
  },
  {
    key: 'pelican',
    name: 'Pelican Depot',
    monogram: 'P',
    primary: '#1d4ed8',
    accent: '#facc15',
    header: '#eff6ff',
    footer: '#0b1736',
    slogan: 'Carry more, pay less',
    lottery: true,
  },
  {
    key: 'opaline',
    name: 'Opaline Boutique Wholesale',
    monogram: 'O',
    primary: '#9d174d',
    accent: '#0ea5e9',
    header: '#fdf2f8',
    footer: '#2a0615',
    slogan: 'Wholesale with a polish',
  },
];

function toBrand(s: Seed): Brand {
  const domain = `${s.key}.example`;
  return {
    key: s.key,
    name: s.name,
    title: `${s.name} | ${s.slogan}`,
    monogram: s.monogram,
    theme: {
      primary: s.primary,
      onPrimary: s.onPrimary ?? '#ffffff',
      accent: s.accent,
      header: s.header,
      footer: s.footer,
      onFooter: s.onFooter ?? '#f5f5f7',
    },
    supportMail: `support@${domain}`,
    storageBucket: `${s.key}-uploads`,
    hiddenLanguages: s.hiddenLanguages ?? [],
    moneyStyle: s.moneySymbol ? 'symbol' : 'code',
    footerCoins: s.usdc ? ['USDC', 'ETH', 'BTC'] : ['USDT', 'ETH', 'BTC'],
    hosts: [`${s.key}.localhost`, domain, `www.${domain}`],
    ...(s.wap ? { wapUrl: `https://m.${domain}/` } : {}),
    promotionUrl: `https://merchant.${domain}/`,
    ...(s.lottery ? { lotteryUrl: `https://lucky.${domain}/` } : {}),
    customerServiceUrl: '',
    buyerAppUrl: `https://${domain}/app/buyer`,
    sellerAppUrl: `https://${domain}/app/seller`,
  };
}

export const BRANDS: readonly Brand[] = seeds.map(toBrand);

export const DEFAULT_BRAND_KEY = 'novamart';

/** The part of a brand the storefront receives (no storage bucket). */
export type PublicBrand = Omit<Brand, 'storageBucket' | 'hosts'>;

export function toPublicBrand(brand: Brand): PublicBrand {
  const { storageBucket: _bucket, hosts: _hosts, ...rest } = brand;
  return rest;
}

/**
 * CSS custom properties for a brand's theme, as a declaration list: the colours computed for
 * contrast (brand-contrast.ts), so every brand's text reaches 4.5:1 on what it sits on.
 */
export function brandCssVariables(theme: BrandTheme): string {
  const c = accessibleColours(theme);
  return [
    `--brand-primary:${c.primary}`,
    `--brand-on-primary:${c.onPrimary}`,
    `--brand-primary-text:${c.primaryText}`,
    `--brand-accent:${c.accent}`,
    `--brand-accent-text:${c.accentText}`,
    `--brand-header:${theme.header}`,
    `--brand-footer:${theme.footer}`,
    `--brand-on-footer:${c.onFooter}`,
  ].join(';');
}
