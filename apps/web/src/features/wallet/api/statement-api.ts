/**
 * The wallet statement (GET /api/wallet/statement, docs/api/wallet.md): every movement of the
 * wallet read from the ledger, a page at a time, and every page of a period for the CSV export.
 */
import type { StatementDto, StatementType } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The filter's choices, in the order people look for them (the contract's STATEMENT_TYPES). */
export const STATEMENT_FILTER_TYPES: readonly StatementType[] = [
  'deposit',
  'payout',
  'fee',
  'hold',
  'hold_returned',
  'order_payment',
  'refund',
  'settlement',
  'loan_disbursement',
  'loan_repayment',
  'loan_interest',
  'adjustment',
  'other_in',
  'other_out',
];

export const STATEMENT_PAGE = 20;

export interface StatementFilter {
  type: StatementType | undefined;
  /** Local-day bounds as ms since the epoch: from inclusive, to exclusive. */
  from: number | undefined;
  to: number | undefined;
}

const body = (f: StatementFilter, pageNum: number, pageSize: number) => ({
  pageNum,
  pageSize,
  ...(f.type ? { type: f.type } : {}),
  ...(f.from !== undefined ? { from: f.from } : {}),
  ...(f.to !== undefined ? { to: f.to } : {}),
});

export function useStatement(filter: StatementFilter, page: number) {
  return useQuery({
    queryKey: ['wallet', 'statement', filter.type ?? '', filter.from ?? '', filter.to ?? '', page],
    queryFn: () =>
      apiCall('/api/wallet/statement', {
        method: 'POST',
        body: body(filter, page, STATEMENT_PAGE),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every row of the filtered period, newest first, a hundred a call (for the CSV export). */
export async function fetchWholeStatement(filter: StatementFilter): Promise<StatementDto> {
  const first = await apiCall('/api/wallet/statement', {
    method: 'POST',
    body: body(filter, 1, 100),
  });
  // The period's end is pinned to the first answer's, so later pages are the same statement.
  const pinned = { ...filter, to: first.to };
  const rows = [...first.pageList];
  for (let page = 2; rows.length < first.pageInfo.total; page++) {
    const next = await apiCall('/api/wallet/statement', {
      method: 'POST',
      body: body(pinned, page, 100),
    });
    if (next.pageList.length === 0) break;
    rows.push(...next.pageList);
  }
  return { ...first, pageList: rows };
}
