/**
 * Input schemas of the favourites calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { CATALOGUE_PAGE_SIZES } from './catalogue.ts';
import { pageInput } from './paging.inputs.ts';

/** At most this many ids in one delete call. */
export const DELETE_MAX_IDS = 100;

const oneId = z.string().trim().min(1).max(64);

/** One id, a comma list or an array (the user centre deletes several at once). */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(oneId).min(1).max(DELETE_MAX_IDS),
);

/** /api/keepGoods/list */
export const keepGoodsListInputSchema = z.object(pageInput(CATALOGUE_PAGE_SIZES.favourites));

/** /api/keepGoods/add */
export const keepGoodsAddInputSchema = z.object({ sellerGoodsId: oneId });

/** /api/keepGoods/del */
export const keepGoodsDelInputSchema = z.object({ sellerGoodsId: idList });

/** /api/keep/goods/count */
export const keepGoodsCountInputSchema = z.object({});

/** /api/focus/seller/list */
export const focusSellerListInputSchema = z.object(pageInput(CATALOGUE_PAGE_SIZES.follows));

/** /api/focus/seller/add */
export const focusSellerAddInputSchema = z.object({ sellerId: oneId });

/** /api/focus/seller/del */
export const focusSellerDelInputSchema = z.object({ sellerId: idList });

/** /api/focus/seller/count */
export const focusSellerCountInputSchema = z.object({});
