/**
 * Calls from the console through the contract's typed client: JSON POSTs with the console's token
 * as a Bearer header and `lang`; the envelope unwrapped; a 403 ends the console session: its sign-in
 * page says so and returns here.
 */
import type { Envelope } from '@mall/contract';
import type { ApiInput, ApiOutput, ApiPath } from '@mall/contract/api-calls';
import { ApiError, createApiClient } from '@mall/contract/api-client';
import { consoleLanguage } from './i18n.ts';
import { consoleSession, endConsoleSessionFrom } from './session.ts';

export { ApiError };

const call = createApiClient({
  token: () => consoleSession()?.token,
  lang: consoleLanguage,
  onLoggedOut: (hadToken) => {
    if (!hadToken) return;
    // The shell sends a console without a session to its sign-in page, which says why and comes
    // back here afterwards (no reload: the page's state is kept until then).
    const { pathname, search } = window.location;
    endConsoleSessionFrom(`${pathname.replace(/^\/console(?=\/|$)/, '') || '/'}${search}`);
  },
});

/** One call (POST): its input and its answer typed by the contract (packages/contract/src/api-calls.ts). */
export function api<P extends ApiPath>(path: P, body?: ApiInput<P>): Promise<ApiOutput<P>> {
  return call(path, body ?? ({} as ApiInput<P>));
}

/** Uploads one image (`/api/upload/img`); answers its URL. */
export async function uploadImage(file: File, moduleName: string): Promise<string> {
  const form = new FormData();
  form.set('moduleName', moduleName);
  form.set('file', file);
  const token = consoleSession()?.token;
  const response = await fetch(`/api/upload/img?lang=${consoleLanguage()}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const envelope = (await response.json()) as Envelope<{ data: string }>;
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.key, envelope.msg, envelope.data);
  return envelope.data.data;
}
