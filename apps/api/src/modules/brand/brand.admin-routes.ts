/** Brand settings for admins (`/api/admin/brand/...`); docs/api/admin.md. */
import {
  BRAND_SETTING_RULES,
  BRAND_THEME_KEYS,
  brandSettingsSchema,
  brandSummarySchema,
  MONEY_STYLES,
  type MoneyStyle,
} from '@mall/contract';
import { LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import { lineInput } from '../../core/http/text-inputs.ts';
import type { BrandSettingsService } from './brand-settings.service.ts';

// Colours and URLs are checked by the service (BRAND_COLOR_FORMAT, BRAND_URL_FORMAT).
const colour = z.string().trim().max(16);
const url = z.string().trim().max(BRAND_SETTING_RULES.urlMax);
const theme = z.object(Object.fromEntries(BRAND_THEME_KEYS.map((k) => [k, colour.optional()]))).partial();
const languages = LANGUAGE_CODES as readonly [LanguageCode, ...LanguageCode[]];
const admin = { roles: ['admin'] } as const;

export function brandAdminRoutes(route: DefineRoute, settings: BrandSettingsService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/brand/list',
    output: z.array(brandSummarySchema),
    input: z.object({}),
    auth: admin,
    handle: (ctx) => settings.list(ctx),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/brand/info',
    output: brandSettingsSchema,
    input: z.object({}),
    auth: admin,
    handle: (ctx) => settings.info(ctx),
  });
  route({
    method: 'POST',
    url: '/api/admin/brand/update',
    output: brandSettingsSchema,
    input: z.object({
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
    }),
    auth: admin,
    handle: (ctx, input) => settings.update(ctx, input),
  });
}
