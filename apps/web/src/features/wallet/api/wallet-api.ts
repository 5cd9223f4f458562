/**
 * The wallet's calls (docs/api/wallet.md) as TanStack Query hooks. Every key starts with 'wallet'
 * so one invalidation after a deposit or withdrawal refreshes the balance and all the lists.
 */
import { type ChainNetwork, PAGE_SIZES } from '@mall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type RecordsTab = 'recharge' | 'bank' | 'withdraw';

export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  records: (tab: RecordsTab, page: number) => ['wallet', 'records', tab, page] as const,
  chainOpen: ['wallet', 'chain-open'] as const,
  depositInfo: (channel: string) => ['wallet', 'deposit-info', channel] as const,
  bankChannels: ['wallet', 'bank-channels'] as const,
  gatewayChannels: ['wallet', 'gateway-channels'] as const,
  withdrawOpen: ['wallet', 'withdraw-open'] as const,
  withdrawFee: (channel: string, amount: string) => ['wallet', 'withdraw-fee', channel, amount] as const,
};

export const pageSizeOf = (tab: RecordsTab) =>
  tab === 'withdraw' ? PAGE_SIZES.withdrawRecords : PAGE_SIZES.rechargeRecords;

export function useBalance() {
  return useQuery({
    queryKey: walletKeys.balance,
    queryFn: () => apiCall('/api/wallet/usdt', { method: 'POST', body: {} }),
  });
}

/** Recharge records (chain and gateway, or bank card) 8 a page; withdrawals 20 a page (SPEC §9). */
export function useRecords(tab: RecordsTab, page: number) {
  return useQuery({
    queryKey: walletKeys.records(tab, page),
    queryFn: () =>
      tab === 'withdraw'
        ? apiCall('/api/withdraw/list', {
            method: 'POST',
            body: { pageNum: page, pageSize: PAGE_SIZES.withdrawRecords },
          })
        : apiCall('/api/rechargeBlockchain/list', {
            method: 'POST',
            body: { pageNum: page, pageSize: PAGE_SIZES.rechargeRecords, type: tab },
          }),
    placeholderData: keepPreviousData,
  });
}

export function useChainOpen() {
  return useQuery({
    queryKey: walletKeys.chainOpen,
    queryFn: () =>
      apiCall('/api/rechargeBlockchain/recharge/open', {
        method: 'POST',
        body: {},
      }),
  });
}

export function useDepositInfo(channel: string | undefined) {
  return useQuery({
    queryKey: walletKeys.depositInfo(channel ?? ''),
    queryFn: () =>
      apiCall('/api/rechargeBlockchain!get.action', {
        method: 'POST',
        body: { channel: channel ?? '' },
      }),
    enabled: Boolean(channel),
  });
}

export function useBankChannels() {
  return useQuery({
    queryKey: walletKeys.bankChannels,
    queryFn: () => apiCall('/api/channel/list', { method: 'POST', body: { kind: 'bank' } }),
  });
}

export function useGatewayChannels() {
  return useQuery({
    queryKey: walletKeys.gatewayChannels,
    queryFn: () => apiCall('/api/thirdPartyRecharge!getCoinList.action', { method: 'POST', body: {} }),
  });
}

export function useWithdrawOpen() {
  return useQuery({
    queryKey: walletKeys.withdrawOpen,
    queryFn: () => apiCall('/api/withdraw/open', { method: 'POST', body: {} }),
  });
}

/** The fee and the amount actually paid out, from the server (the caller debounces `amount`). */
export function useWithdrawFee(channel: string | undefined, amount: string | undefined) {
  return useQuery({
    queryKey: walletKeys.withdrawFee(channel ?? '', amount ?? ''),
    queryFn: () => apiCall('/api/withdraw/fee', { method: 'POST', body: { channel: channel ?? '', amount } }),
    enabled: Boolean(channel && amount),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Anything that moved money (or may have): refresh the balance, the lists and the limits. Not
 * awaited: the caller's own callbacks run first (a bind form that the refreshed page no longer
 * shows would otherwise be gone before it could say "bound").
 */
function useRefreshWallet() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: walletKeys.all });
  };
}

export interface ChainRechargeInput {
  channel: string;
  amount: string;
  txHash: string;
  proof: string;
}

export function useChainRecharge() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (input: ChainRechargeInput) =>
      apiCall('/api/rechargeBlockchain/recharge', { method: 'POST', body: { ...input } }),
    onSuccess: refresh,
  });
}

export interface BankRechargeInput {
  channel: string;
  amount: string;
  bankName: string;
  cardNumber: string;
  proof: string;
}

export function useBankRecharge() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (input: BankRechargeInput) =>
      apiCall('/api/rechargeBank/recharge', { method: 'POST', body: { ...input } }),
    onSuccess: refresh,
  });
}

export function useGatewayRecharge() {
  return useMutation({
    mutationFn: (input: { channel: string; amount: string }) =>
      apiCall('/api/thirdPartyRecharge!recharge.action', {
        method: 'POST',
        body: { ...input },
      }),
  });
}

export function useBindAddress() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (input: { network: ChainNetwork; address: string; fundPassword: string }) =>
      apiCall('/api/user!bindWithdrawAddress.action', {
        method: 'POST',
        body: { ...input },
      }),
    onSuccess: refresh,
  });
}

/**
 * A withdrawal (SPEC §4): first a fresh one-time form token, then the application with it. The
 * token is the request's idempotency key, so a retry of this mutation takes a new one.
 */
export function useWithdraw() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: async (input: { channel: string; amount: string; fundPassword: string }) => {
      const { token } = await apiCall('/api/withdraw!get.action', {
        method: 'POST',
        body: {},
      });
      return apiCall('/api/withdraw/apply', {
        method: 'POST',
        body: { token, ...input },
      });
    },
    // A refused withdrawal may still have counted a wrong fund password; refresh either way.
    onSettled: refresh,
  });
}
