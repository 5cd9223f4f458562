import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export function useChainNetworks() {
  return useQuery({
    queryKey: ['wallet', 'chain-networks'],
    queryFn: () => apiCall('/api/chain/networks', { method: 'POST', body: {} }),
    staleTime: 60_000,
  });
}

export function useOwnDepositAddress(channel: string) {
  return useQuery({
    queryKey: ['wallet', 'own-deposit-address', channel],
    queryFn: () => apiCall('/api/chain/deposit/address', { method: 'POST', body: { channel } }),
    // The address never changes once handed out.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
