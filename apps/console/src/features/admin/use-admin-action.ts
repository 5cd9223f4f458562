import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { showDone, showError } from '../../lib/errors.ts';

/**
 * One admin change: the call, a toast with `done(result)` on success, the lists under `refresh`
 * reloaded; a refusal shows the catalogue error in the operator's language.
 */
export function useAdminAction<T>(refresh: string[], done: (result: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) => api<T>(path, body),
    onSuccess: (result) => {
      showDone(done(result));
      for (const key of refresh) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: showError,
  });
}
