/**
 * Calls to the API per DESIGN §3 through the contract's typed client: `lang` on every request, the
 * token as a Bearer header, a 15 s time-out, the envelope unwrapped. A non-zero code rejects with an
 * ApiError; code 403 forgets the session (SPEC §7): an ended session is said so and the page kept
 * (issue 30), a call without one goes to the root page. A call refused for a verification level opens
 * the dialog that leads to the verification page.
 */

import type { ApiInput, ApiOutput, ApiPath } from '@mall/contract/api-calls';
import { ApiError, createApiClient } from '@mall/contract/api-client';
import { queryLanguage } from './language.ts';
import { onServer, renderContext } from './render-context.ts';
import { endSession } from './session.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

export { ApiError };

let versionNoticed = false;

/** A reply from a newer deployment: say once that a new version is out, with a reload offer. */
function noticeNewVersion(serverBuild: string | null): void {
  if (versionNoticed || onServer || !serverBuild || serverBuild === __BUILD_ID__) return;
  versionNoticed = true;
  void import('./new-version.ts').then((m) => m.announceNewVersion());
}

const call = createApiClient({
  token: () => readStorage(STORAGE_KEYS.token),
  lang: queryLanguage,
  onLoggedOut: (hadToken) => {
    endSession();
    if (hadToken) {
      // A session the server ended (signed out elsewhere, password changed, expired): say so and
      // stay; a page that needs a session sends the visitor to sign in and back (RequireLogin).
      void import('./errors.ts').then((m) => m.notifyError('SESSION_EXPIRED'));
    } else {
      window.location.assign('/');
    }
  },
  onResponse: (response) => noticeNewVersion(response.headers.get('x-mall-build')),
  fetch: (url, init) => renderContext()?.fetch(url, init) ?? fetch(url, init),
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
export async function apiCall<P extends ApiPath>(
  path: P,
  options: CallOptions<P> = {},
): Promise<ApiOutput<P>> {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  try {
    return await call(path, options.body ?? options.params, { method });
  } catch (error) {
    // A gated call refused for a verification level: a dialog leads to the verification page.
    if (error instanceof ApiError && (error.key === 'C3_REQUIRED' || error.key === 'REAL_NAME_REQUIRED')) {
      const key = error.key;
      void import('./verification-prompt.ts').then((m) => m.askToVerify(key, error.data));
    }
    throw error;
  }
}
