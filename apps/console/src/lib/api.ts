/**
 * Calls from the console: JSON POSTs with the console's token as a Bearer header and `lang`;
 * the envelope unwrapped; a 403 ends the console session: its sign-in page says so and returns here.
 */
import { type Envelope, LOGGED_OUT_CODE, TIMERS } from '@mall/contract';
import { consoleLanguage } from './i18n.ts';
import { consoleSession, endConsoleSessionFrom } from './session.ts';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string | undefined,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function api<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('lang', consoleLanguage());
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = consoleSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let envelope: Envelope<T>;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMERS.requestTimeoutMs),
    });
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(-1, 'NETWORK_ERROR', 'network', null);
  }
  if (envelope.code === 0) return envelope.data;
  if (envelope.code === LOGGED_OUT_CODE && token) {
    // The shell sends a console without a session to its sign-in page, which says why and comes
    // back here afterwards (no reload: the page's state is kept until then).
    const { pathname, search } = window.location;
    endConsoleSessionFrom(`${pathname.replace(/^\/console(?=\/|$)/, '') || '/'}${search}`);
  }
  throw new ApiError(envelope.code, envelope.key, envelope.msg, envelope.data);
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
