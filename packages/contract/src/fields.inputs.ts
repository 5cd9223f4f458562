/**
 * Input pieces shared by the catalogue's calls (and the reviews', favourites' and others'); imported
 * by the API only, never by the front ends.
 */

import { z } from 'zod';
import { GOODS_LIST_TYPES, GOODS_SORTS } from './catalogue.ts';
import { parseMoney } from './money.ts';

/** Forms and old clients send empty strings for "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An id as the spec names it (`sellerGoodsId`, `sellerId`...): required, any unknown value is "not found". */
export const idInput = z.string().trim().min(1).max(64);

export const optionalId = z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional());

/** A decimal amount ("12.5") as atomic units; absent when blank. */
export const optionalMoney = z.preprocess(
  blankToUndefined,
  z
    .union([z.string().max(40), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = parseMoney(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.reason });
        return z.NEVER;
      }
      return parsed.units;
    }),
);

/** "1"/"true"/true or "0"/"false"/false; absent when blank. */
export const optionalFlag = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return v;
}, z.boolean().optional());

/** Keywords of any length arrive here; the service caps them (PARAMETER_ERROR beyond the cap). */
export const optionalKeyword = z.preprocess(blankToUndefined, z.string().optional());

export const goodsFilterInput = {
  categoryId: optionalId,
  sellerId: optionalId,
  type: z.preprocess(blankToUndefined, z.enum(GOODS_LIST_TYPES).default('all')),
  sort: z.preprocess(blankToUndefined, z.enum(GOODS_SORTS).default('default')),
  minPrice: optionalMoney,
  maxPrice: optionalMoney,
};
