/**
 * Paged lists (DESIGN §3): `pageNum` from 1, `pageSize` up to 100, answered as
 * `{ pageList, pageInfo: { pageNum, pageSize, total } }`. Page 0, negatives, fractions or a size
 * over the cap are a PARAMETER_ERROR, never a 500 or a silent clamp.
 */
import type { Page } from '@mall/contract';
import { MAX_PAGE_SIZE, pageInput, type SortOrder, sortOrder } from '@mall/contract/paging.inputs';

// The parameters live in the contract with every call's input; re-exported for the API's modules.
export { MAX_PAGE_SIZE, pageInput, type SortOrder, sortOrder };

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
