/**
 * Paged lists' parameters (DESIGN §3): `pageNum` from 1, `pageSize` up to 100. Page 0, negatives,
 * fractions or a size over the cap are a PARAMETER_ERROR, never a 500 or a silent clamp.
 */
import { z } from 'zod';
import { intInput } from './text.inputs.ts';

export const MAX_PAGE_SIZE = 100;

/** Spread into a call's input schema; `defaultSize` is the SPEC §9 page size of that list. */
export function pageInput(defaultSize: number) {
  return {
    pageNum: intInput(1, 1_000_000).default(1),
    pageSize: intInput(1, MAX_PAGE_SIZE).default(defaultSize),
  };
}

/** Which way a list's sort runs. */
export type SortOrder = 'asc' | 'desc';

/** The `order` parameter of every sortable list: `asc` or `desc`, anything else a PARAMETER_ERROR. */
export function sortOrder(fallback: SortOrder = 'desc') {
  return z.enum(['asc', 'desc']).default(fallback);
}
