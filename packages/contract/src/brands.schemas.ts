import { z } from 'zod';

/** A brand's colours (see `BrandTheme`), as the console edits them. */
export const brandThemeSchema = z.object({
  primary: z.string(),
  onPrimary: z.string(),
  accent: z.string(),
  header: z.string(),
  footer: z.string(),
  onFooter: z.string(),
});

/** `/api/brand`: the part of a brand the storefront receives (no storage bucket, no hosts). */
export const publicBrandSchema = z.object({
  key: z.string(),
  name: z.string(),
  title: z.string(),
  /** One or two letters drawn on the generated icon. */
  monogram: z.string(),
  theme: brandThemeSchema,
  supportMail: z.string(),
  hiddenLanguages: z.array(z.string()),
  /** How amounts are written: '12.50 USDT' (code) or '$12.50' (symbol). */
  moneyStyle: z.enum(['code', 'symbol']),
  footerCoins: z.array(z.enum(['USDT', 'USDC', 'ETH', 'BTC'])),
  wapUrl: z.string().optional(),
  promotionUrl: z.string(),
  lotteryUrl: z.string().optional(),
  /** Empty means the built-in service chat is used. */
  customerServiceUrl: z.string(),
  buyerAppUrl: z.string(),
  sellerAppUrl: z.string(),
});
