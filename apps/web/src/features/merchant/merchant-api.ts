/** The merchant application calls: the caller's newest application, applying, and the country list. */
import type { CountryDto, MerchantApplicationDto } from '@mall/contract';
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
  useApiData(
    KEY,
    () => apiCall<MerchantApplicationDto | null>('/api/merchant/application', { method: 'POST' }),
    {
      enabled,
      staleTime: 0,
    },
  );

export const useCountries = () =>
  useApiData(['countries'], () => apiCall<CountryDto[]>('/api/country/list'), { staleTime: 3_600_000 });

/** Applying; the page then reads the application again (useMyApplication's retry). */
export function useApply() {
  return useMutation({
    mutationFn: (input: ApplyInput) =>
      apiCall<MerchantApplicationDto>('/api/merchant/apply', { method: 'POST', body: { ...input } }),
  });
}
