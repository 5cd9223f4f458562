import type { ApiOutput, ApiPath } from '@mall/contract/api-calls';
import type { ApiCallOf } from '@mall/contract/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { showDone, showError } from '../../lib/errors.ts';

/**
 * One admin change: the call, a toast with `done(result)` on success, the lists under `refresh`
 * reloaded; a refusal shows the catalogue error in the operator's language.
 */
export function useAdminAction<P extends ApiPath>(refresh: string[], done: (result: ApiOutput<P>) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: ApiCallOf<P>) => api(path, body) as Promise<ApiOutput<P>>,
    onSuccess: (result) => {
      showDone(done(result));
      for (const key of refresh) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: showError,
  });
}
