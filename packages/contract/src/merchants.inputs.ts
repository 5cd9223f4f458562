/**
 * Input schemas of the merchants calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { pageInput, sortOrder } from './paging.inputs.ts';
import { MERCHANT_APPLICATION_STATUSES, SELLER_LIMITS } from './seller.ts';
import { lineInput as line, proseInput } from './text.inputs.ts';

const id = z.string().trim().min(1).max(26);

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** /api/merchant/apply */
export const merchantApplyInputSchema = z.object({
  storeName: line(SELLER_LIMITS.storeNameMax),
  businessPhone: z.string().trim().min(1).max(SELLER_LIMITS.phoneMax),
  businessEmail: z.string().trim().min(1).max(64),
  country: line(64),
  /** The company proof: an uploaded image's URL or id (`/api/upload/img`, moduleName=verification). */
  proof: z.string().trim().min(1).max(512),
  description: proseInput(SELLER_LIMITS.applicationDescriptionMax),
});

/** /api/merchant/application */
export const merchantApplicationInputSchema = z.object({});

/** /api/admin/merchants/list */
export const adminMerchantsListInputSchema = z.object({
  ...pageInput(20),
  status: z.preprocess(blank, z.enum(MERCHANT_APPLICATION_STATUSES).optional()),
  keyword: z.preprocess(blank, z.string().trim().max(64).optional()),
  order: sortOrder(),
});

/** /api/admin/merchants/info */
export const adminMerchantsInfoInputSchema = z.object({ id });

/** /api/admin/merchants/approve */
export const adminMerchantsApproveInputSchema = z.object({ id });

/** /api/admin/merchants/refuse */
export const adminMerchantsRefuseInputSchema = z.object({
  id,
  reason: proseInput(SELLER_LIMITS.refuseReasonMax).refine((s) => s.length > 0),
});
