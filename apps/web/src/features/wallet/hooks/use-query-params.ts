/**
 * The page's query parameters and a way to change some of them in place (replace, no new history
 * entry), keeping the others (`lang`, the menu's `index`). Built on useLocation and useNavigate,
 * which the shell already loads: React Router's useSearchParams would add its code to the first
 * paint's router chunk.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from '../../../lib/router/router.tsx';

export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const latest = useRef({ pathname, search, hash, navigate });
  latest.current = { pathname, search, hash, navigate };
  const update = useCallback((changes: Record<string, string | null>) => {
    const { pathname: path, search: query, hash: fragment, navigate: go } = latest.current;
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    void go(`${path}?${next.toString()}${fragment}`, { replace: true });
  }, []);
  return [params, update];
}
