/**
 * Paged lists (DESIGN §3): `pageNum` from 1, `pageSize` up to 100, answered as
 * `{ pageList, pageInfo: { pageNum, pageSize, total } }`. Page 0, negatives, fractions or a size
 * over the cap are a PARAMETER_ERROR, never a 500 or a silent clamp.
 */
import type { Page } from '@mall/contract';
import { z } from 'zod';
import { intInput } from './text-inputs.ts';

export const MAX_PAGE_SIZE = 100;

/** Spread into a route's input schema; `defaultSize` is the SPEC §9 page size of that list. */
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

export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

/** Rows to skip for a page request. */
export function offsetOf({ pageNum, pageSize }: PageRequest): number {
  return (pageNum - 1) * pageSize;
}

export function pageOf<T>(pageList: T[], total: number, { pageNum, pageSize }: PageRequest): Page<T> {
  return { pageList, pageInfo: { pageNum, pageSize, total } };
}
