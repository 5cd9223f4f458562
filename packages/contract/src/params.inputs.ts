/**
 * Input schemas of the params calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { isParamCode } from './params.ts';

/** /api/admin/params/list */
export const adminParamsListInputSchema = z.object({});

/** /api/admin/params/set */
export const adminParamsSetInputSchema = z.object({
  code: z.string().refine(isParamCode),
  value: z.union([z.string().max(512), z.number()]).transform(String),
});

/** /api/get/params: `code` is one code or a comma list; absent means every public param. */
export const getParamsInputSchema = z.object({ code: z.string().max(512).optional() });
