/**
 * A small read hook over TanStack Query's cache, for the home route: `useQuery` (its observer and
 * hooks) costs about 3 KB gzip on the first paint, which the home route's budget cannot spare. The
 * data still lives in the one QueryClient (same keys, staleness and sharing with `useQuery` pages);
 * only the observer is left out. Other pages use `useQuery` itself.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onServer } from './render-context.ts';

export interface ApiData<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
}

interface State<T> {
  hash: string;
  data: T | undefined;
  error: unknown;
}

export function useApiData<T>(
  key: QueryKey,
  fetch: () => Promise<T>,
  { enabled = true, staleTime = 30_000 }: { enabled?: boolean; staleTime?: number } = {},
): ApiData<T> {
  const client = useQueryClient();
  // A server render has no effects: the query is left in the cache for the render to fetch
  // (entry-server.tsx) before it renders again with the data.
  if (onServer && enabled && client.getQueryData(key) === undefined)
    client.getQueryCache().build(client, { queryKey: key, queryFn: fetch, retry: false });
  const hash = JSON.stringify(key);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<T>>(() => ({
    hash,
    data: client.getQueryData<T>(key),
    error: undefined,
  }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the key and fetch
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    client.fetchQuery({ queryKey: key, queryFn: fetch, staleTime, retry: 1 }).then(
      (data) => {
        // The cached answer again (a hydrated page's, still fresh) changes nothing: no new render.
        if (live)
          setState((s) =>
            s.hash === hash && s.data === data && s.error === undefined
              ? s
              : { hash, data, error: undefined },
          );
      },
      (error: unknown) => {
        if (live) setState((s) => ({ hash, data: s.hash === hash ? s.data : undefined, error }));
      },
    );
    return () => {
      live = false;
    };
  }, [client, hash, enabled, attempt]);

  const current: State<T> =
    state.hash === hash ? state : { hash, data: client.getQueryData<T>(key), error: undefined };
  return {
    data: current.data,
    error: current.error,
    loading: enabled && current.data === undefined && current.error === undefined,
    retry: () => {
      setState((s) => ({ ...s, error: undefined }));
      setAttempt((a) => a + 1);
    },
  };
}
