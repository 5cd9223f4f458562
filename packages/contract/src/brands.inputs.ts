/**
 * Input schemas of the brands calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import { z } from 'zod';
import { BRAND_SETTING_RULES, BRAND_THEME_KEYS } from './admin.ts';
import { MONEY_STYLES, type MoneyStyle } from './brands.ts';
import { lineInput } from './text.inputs.ts';

// Colours and URLs are checked by the service (BRAND_COLOR_FORMAT, BRAND_URL_FORMAT).
const colour = z.string().trim().max(16);

const url = z.string().trim().max(BRAND_SETTING_RULES.urlMax);

const theme = z.object(Object.fromEntries(BRAND_THEME_KEYS.map((k) => [k, colour.optional()]))).partial();

const languages = LANGUAGE_CODES as readonly [LanguageCode, ...LanguageCode[]];

/** /api/brand */
export const brandInputSchema = z.object({});

/** /api/index!download-url.action */
export const indexDownloadUrlInputSchema = z.object({});

/** /api/admin/brand/list */
export const adminBrandListInputSchema = z.object({});

/** /api/admin/brand/info */
export const adminBrandInfoInputSchema = z.object({});

/** /api/admin/brand/update */
export const adminBrandUpdateInputSchema = z.object({
  name: lineInput(BRAND_SETTING_RULES.nameMax).optional(),
  title: lineInput(BRAND_SETTING_RULES.titleMax).optional(),
  theme: theme.optional(),
  supportMail: z.string().trim().email().max(BRAND_SETTING_RULES.mailMax).optional(),
  promotionUrl: url.optional(),
  lotteryUrl: url.optional(),
  customerServiceUrl: url.optional(),
  buyerAppUrl: url.optional(),
  sellerAppUrl: url.optional(),
  hiddenLanguages: z.array(z.enum(languages)).max(LANGUAGE_CODES.length).optional(),
  moneyStyle: z.enum(MONEY_STYLES as readonly [MoneyStyle, ...MoneyStyle[]]).optional(),
});
