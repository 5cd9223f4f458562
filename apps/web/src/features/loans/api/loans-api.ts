/**
 * The loan calls (docs/api/loans.md) as TanStack Query hooks. Every key starts with 'loans' so one
 * invalidation after an application or a repayment refreshes the loan, its schedule and the lists.
 */
import type { LoanRepaymentMethod } from '@mall/contract';
import { PAGE_SIZES } from '@mall/contract/ui-constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** SPEC §9: user lists, 20 a page. */
export const HISTORY_PAGE_SIZE = PAGE_SIZES.user;

export const loanKeys = {
  all: ['loans'] as const,
  config: ['loans', 'config'] as const,
  quote: (amount: string, termDays: number, method: string) =>
    ['loans', 'quote', amount, termDays, method] as const,
  mine: ['loans', 'mine'] as const,
  info: (id: string) => ['loans', 'info', id] as const,
  history: (page: number) => ['loans', 'history', page] as const,
  wallet: ['loans', 'wallet'] as const,
};

export function useLoanConfig() {
  return useQuery({
    queryKey: loanKeys.config,
    queryFn: () => apiCall('/api/loan/config', { method: 'POST', body: {} }),
    staleTime: 60_000,
  });
}

/** The schedule and total cost from the server (the caller debounces and checks the amount first). */
export function useLoanQuote(
  input: { amount: string; termDays: number; method: LoanRepaymentMethod } | null,
) {
  return useQuery({
    queryKey: loanKeys.quote(input?.amount ?? '', input?.termDays ?? 0, input?.method ?? ''),
    // `enabled` keeps a null input from being sent.
    queryFn: () => apiCall('/api/loan/calculate', { method: 'POST', body: input ?? undefined }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

export function useMyLoan() {
  return useQuery({
    queryKey: loanKeys.mine,
    queryFn: () => apiCall('/api/loan/my', { method: 'POST', body: {} }),
  });
}

export function useLoanInfo(id: string | null) {
  return useQuery({
    queryKey: loanKeys.info(id ?? ''),
    queryFn: () => apiCall('/api/loan/info', { method: 'POST', body: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useLoanHistory(page: number) {
  return useQuery({
    queryKey: loanKeys.history(page),
    queryFn: () =>
      apiCall('/api/loan/history', {
        method: 'POST',
        body: { pageNum: page, pageSize: HISTORY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The wallet's available balance, to say before repaying whether it is enough. */
export function useWalletBalance(enabled: boolean) {
  return useQuery({
    queryKey: loanKeys.wallet,
    queryFn: () => apiCall('/api/wallet/usdt', { method: 'POST', body: {} }),
    enabled,
  });
}

export interface ApplyInput {
  realName: string;
  nationality: string;
  idType: 'id_card' | 'passport';
  idNumber: string;
  idPhoto: string;
  amount: string;
  termDays: number;
  method: LoanRepaymentMethod;
  agree: boolean;
}

function useRefreshLoans() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: loanKeys.all });
    // The wallet pages' own cache, when they were visited in this session.
    void client.invalidateQueries({ queryKey: ['wallet'] });
  };
}

export function useApplyLoan() {
  const refresh = useRefreshLoans();
  return useMutation({
    mutationFn: (input: ApplyInput) => apiCall('/api/loan/apply', { method: 'POST', body: { ...input } }),
    onSuccess: refresh,
  });
}

export interface RepayInput {
  id: string;
  type: 'instalment' | 'full';
  amount: string;
  fundPassword: string;
  /** One per confirmed attempt: a retried request pays once. */
  requestKey: string;
}

export function useRepayLoan() {
  const refresh = useRefreshLoans();
  return useMutation({
    mutationFn: (input: RepayInput) => apiCall('/api/loan/repay', { method: 'POST', body: { ...input } }),
    // A refusal may mean the due moved on (a day ticked over): refresh either way.
    onSettled: refresh,
  });
}
