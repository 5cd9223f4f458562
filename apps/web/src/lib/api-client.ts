/**
 * Calls to the API per DESIGN §3 through the contract's typed client: `lang` on every request, the
 * token as a Bearer header, a 15 s time-out, the envelope unwrapped. A non-zero code rejects with an
 * ApiError; code 403 forgets the session and goes to the root page, as SPEC §7 says.
 */

import type { ApiInput, ApiOutput, ApiPath } from '@mall/contract/api-calls';
import { ApiError, createApiClient } from '@mall/contract/api-client';
import { queryLanguage } from './language.ts';
import { endSession } from './session.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

export { ApiError };

let versionNoticed = false;

/** A reply from a newer deployment: say once that a new version is out, with a reload offer. */
function noticeNewVersion(serverBuild: string | null): void {
  if (versionNoticed || !serverBuild || serverBuild === __BUILD_ID__) return;
  versionNoticed = true;
  void import('./new-version.ts').then((m) => m.announceNewVersion());
}

const call = createApiClient({
  token: () => readStorage(STORAGE_KEYS.token),
  lang: queryLanguage,
  onLoggedOut: () => {
    endSession();
    window.location.assign('/');
  },
  onResponse: (response) => noticeNewVersion(response.headers.get('x-mall-build')),
});

export interface CallOptions<P extends ApiPath> {
  /** Defaults to POST with a body, GET without. */
  method?: 'GET' | 'POST';
  /** Sent in the query (GET). */
  params?: ApiInput<P>;
  /** Sent as JSON (POST). */
  body?: ApiInput<P>;
}

/** One call: its input and its answer typed by the contract (packages/contract/src/api-calls.ts). */
export function apiCall<P extends ApiPath>(path: P, options: CallOptions<P> = {}): Promise<ApiOutput<P>> {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  return call(path, options.body ?? options.params, { method });
}
