/** The category tree as Select options ("Home › Lamps"), for the goods form and the goods filter. */
import type { CategoryNodeDto } from '@mall/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface CategoryOption {
  value: string;
  label: string;
}

function flatten(nodes: CategoryNodeDto[], trail: string[], out: CategoryOption[]): CategoryOption[] {
  for (const node of nodes) {
    const path = [...trail, node.name];
    out.push({ value: node.categoryId, label: path.join(' › ') });
    flatten(node.children, path, out);
  }
  return out;
}

export function useCategoryOptions(): CategoryOption[] {
  const query = useQuery({
    queryKey: ['category-tree'],
    queryFn: () => api('/api/category/tree'),
    staleTime: 5 * 60_000,
  });
  return query.data ? flatten(query.data, [], []) : [];
}
