/** TanStack Query hooks of the catalogue pages (fetchers and keys live in lib/catalogue-api.ts). */
import { useQuery } from '@tanstack/react-query';
import {
  catalogueKeys,
  fetchActivity,
  fetchCategoryTree,
  fetchSellerInfo,
  fetchSellerTree,
} from '../../lib/catalogue-api.ts';

export function useCategoryTree() {
  return useQuery({ queryKey: catalogueKeys.categoryTree, queryFn: fetchCategoryTree, staleTime: 60_000 });
}

export function useSellerInfo(sellerId: string) {
  return useQuery({
    queryKey: catalogueKeys.sellerInfo(sellerId),
    queryFn: () => fetchSellerInfo(sellerId),
    enabled: sellerId !== '',
    staleTime: 10_000,
    retry: false,
  });
}

export function useSellerTree(sellerId: string) {
  return useQuery({
    queryKey: catalogueKeys.sellerTree(sellerId),
    queryFn: () => fetchSellerTree(sellerId),
    enabled: sellerId !== '',
    staleTime: 60_000,
    retry: false,
  });
}

export function useActivity() {
  return useQuery({ queryKey: catalogueKeys.activity, queryFn: fetchActivity, staleTime: 60_000 });
}
