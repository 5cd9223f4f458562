/**
 * The page's query parameters and a way to change some of them, keeping the others (`lang`, ids).
 * A change is a new history entry (Back returns to the previous filter or page) unless `replace`.
 * Built on useLocation and useNavigate, which the shell already loads.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from './router/router.tsx';

export type ParamChanges = Record<string, string | null | undefined>;

export function useUrlParams(): [URLSearchParams, (changes: ParamChanges, replace?: boolean) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const latest = useRef({ pathname, search, navigate });
  latest.current = { pathname, search, navigate };
  const update = useCallback((changes: ParamChanges, replace = false) => {
    const { pathname: path, search: query, navigate: go } = latest.current;
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    void go(`${path}?${next.toString()}`, { replace });
  }, []);
  return [params, update];
}

/** A page number from the URL: a whole number from 1, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}
