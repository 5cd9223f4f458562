import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client.ts';
import { useApiData } from '../../lib/use-api-data.ts';

export interface ApplyInput {
  storeName: string;
  businessPhone: string;
  businessEmail: string;
  country: string;
  proof: string;
  description: string;
}

const KEY = ['merchant-application'];

export const useMyApplication = (enabled: boolean) =>
  useApiData(KEY, () => apiCall('/api/merchant/application', { method: 'POST' }), {
    enabled,
    staleTime: 0,
  });

export const useCountries = () =>
  useApiData(['countries'], () => apiCall('/api/country/list'), { staleTime: 3_600_000 });

/** Applying; the page then reads the application again (useMyApplication's retry). */
export function useApply() {
  return useMutation({
    mutationFn: (input: ApplyInput) => apiCall('/api/merchant/apply', { method: 'POST', body: { ...input } }),
  });
}
