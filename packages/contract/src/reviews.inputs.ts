/**
 * Input schemas of the reviews calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { CATALOGUE_PAGE_SIZES } from './catalogue.ts';
import { idInput, optionalFlag, optionalId } from './fields.inputs.ts';
import { pageInput } from './paging.inputs.ts';
import { intInput } from './text.inputs.ts';

/** 1/2/3 or good/medium/bad; 0 or blank means every rating. */
const evaluationType = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined || v === 0 || v === '0') return undefined;
  if (v === 'good') return 1;
  if (v === 'medium') return 2;
  if (v === 'bad') return 3;
  return v;
}, intInput(1, 3).optional());

/** /api/evaluation/list */
export const evaluationListInputSchema = z.object({
  ...pageInput(CATALOGUE_PAGE_SIZES.reviews),
  sellerGoodsId: optionalId,
  sellerId: optionalId,
  evaluationType,
  hasImage: optionalFlag,
});

/** /api/evaluation/type/count */
export const evaluationTypeCountInputSchema = z.object({ sellerGoodsId: idInput });
