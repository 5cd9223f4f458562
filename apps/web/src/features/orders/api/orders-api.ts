/**
 * The buyer's order calls (docs/api/orders.md) as TanStack Query hooks. Every key starts with
 * 'orders', so one invalidation after any action refreshes the lists, the counts and the details.
 */
import type { OrderTab, PayMethod, ReviewRating } from '@mall/contract';
import { PAGE_SIZES } from '@mall/contract/ui-constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** SPEC §9: 20 orders a page. */
export const ORDERS_PAGE_SIZE = PAGE_SIZES.orders;

export const orderKeys = {
  all: ['orders'] as const,
  counts: ['orders', 'counts'] as const,
  list: (tab: OrderTab, page: number, keyword: string) => ['orders', 'list', tab, page, keyword] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  logistics: (id: string) => ['orders', 'logistics', id] as const,
  addresses: ['orders', 'addresses'] as const,
  balance: ['orders', 'balance'] as const,
};

export function useOrderCounts() {
  return useQuery({
    queryKey: orderKeys.counts,
    queryFn: () => apiCall('/api/order/count', { method: 'POST', body: {} }),
  });
}

export function useOrderList(tab: OrderTab, page: number, keyword: string) {
  return useQuery({
    queryKey: orderKeys.list(tab, page, keyword),
    queryFn: () =>
      apiCall('/api/order/list', {
        method: 'POST',
        body: {
          pageNum: page,
          pageSize: ORDERS_PAGE_SIZE,
          status: tab,
          ...(keyword ? { keyword } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderDetail(orderId: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: () => apiCall('/api/order/info', { method: 'POST', body: { orderId: orderId ?? '' } }),
    enabled: Boolean(orderId),
    retry: false,
  });
}

export function useLogistics(orderId: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.logistics(orderId),
    queryFn: () => apiCall('/api/order/log', { method: 'POST', body: { orderId } }),
    enabled,
  });
}

export function useAddresses() {
  return useQuery({
    queryKey: orderKeys.addresses,
    queryFn: () => apiCall('/api/user/address/list', { method: 'POST', body: {} }),
  });
}

export function useBalance(enabled = true) {
  return useQuery({
    queryKey: orderKeys.balance,
    queryFn: () => apiCall('/api/wallet/usdt', { method: 'POST', body: {} }),
    enabled,
  });
}

/** After anything that changed an order (or moved money): lists, counts, details, balances. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: orderKeys.all });
    // The wallet pages keep their own balance and records under 'wallet'.
    void client.invalidateQueries({ queryKey: ['wallet'] });
  };
}

export interface SubmitInput {
  addressId: string;
  items: { sellerGoodsId: string; checkAttrName?: string; count: number }[];
  remark?: string;
  submitKey: string;
  /** The quote the buyer saw: the order is refused if it would charge anything else. */
  quoteKey?: string;
}

export function useSubmitOrders() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SubmitInput) => apiCall('/api/order/submit', { method: 'POST', body: { ...input } }),
    onSuccess: refresh,
  });
}

export interface PayInput {
  orderIds: string[];
  payMethod: PayMethod;
  fundPassword?: string;
}

export function usePayOrders() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: PayInput) =>
      apiCall('/api/pay/order', {
        method: 'POST',
        body: { ...input },
      }),
    // A refusal may still have counted a wrong fund password or a cancellation; refresh either way.
    onSettled: refresh,
  });
}

export function useCancelOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { orderId: string; reason: number; text?: string }) =>
      apiCall('/api/order/cancel', { method: 'POST', body: { ...input } }),
    onSettled: refresh,
  });
}

export function useRemindSeller() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (orderId: string) => apiCall('/api/order/remind', { method: 'POST', body: { orderId } }),
    onSettled: refresh,
  });
}

export function useConfirmReceipt() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (orderId: string) => apiCall('/api/order/receipt', { method: 'POST', body: { orderId } }),
    onSettled: refresh,
  });
}

export interface ReturnInput {
  orderId: string;
  reason: number;
  amount: string;
  remark: string;
  images: string[];
}

export function useRequestReturn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ReturnInput) => apiCall('/api/order/returns', { method: 'POST', body: { ...input } }),
    onSettled: refresh,
  });
}

export interface ReviewInput {
  orderId: string;
  itemId?: string;
  rating: ReviewRating;
  content: string;
  images: string[];
}

export function useReviewOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      apiCall('/api/order/evaluation', { method: 'POST', body: { ...input } }),
    onSettled: refresh,
  });
}

/** Whether the buyer has a fund password yet: the pay dialog offers to set one when not. */
export function useFundPasswordSet(enabled = true) {
  return useQuery({
    queryKey: [...orderKeys.all, 'fund-password-set'],
    queryFn: async () => (await apiCall('/api/get/local/user', { method: 'POST', body: {} })).fundPasswordSet,
    enabled,
  });
}

/** A first fund password, set from the pay dialog with the login password as proof. */
export function useSetFirstFundPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { safeword: string; reSafeword: string; password: string }) =>
      apiCall('/api/user/SetSafeWord', { method: 'POST', body: { ...input } }),
    onSuccess: () => {
      client.setQueryData([...orderKeys.all, 'fund-password-set'], true);
      // The account pages keep the user under 'account'.
      void client.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

export interface QuoteLine {
  sellerGoodsId: string;
  checkAttrName?: string;
  count: number;
}

/** The checkout's quote: what each store's order will charge, before anything is created. */
export function useOrderQuote(items: QuoteLine[], enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.all, 'quote', JSON.stringify(items)],
    queryFn: () => apiCall('/api/order/quote', { method: 'POST', body: { items } }),
    enabled: enabled && items.length > 0,
    // The previous figures stay on screen while a changed cart is priced again.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
