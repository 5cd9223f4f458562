/**
 * The typed client both front ends call the API with: one function, `call(path, input)`, whose
 * input and answer types come from the contract (api-calls.ts, generated from the route schemas).
 * It adds `lang` and the Bearer token, times out after 15 s, unwraps the envelope and rejects any
 * non-zero code with an ApiError; each app says what a 403 (signed out) does.
 */
import type { ApiInput, ApiOutput, ApiPath } from './api-calls.ts';
import type { Envelope } from './envelope.ts';
import { LOGGED_OUT_CODE } from './errors.ts';
import { TIMERS } from './ui-constants.ts';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** The catalogue key, when the server sent one; the client translates by it. */
    readonly key: string | undefined,
    message: string,
    /** The error's details (`{ field }`, `{ min }` …), null when none. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientHooks {
  /** The session token to send, if any. */
  token(): string | null | undefined;
  /** The `lang` query parameter. */
  lang(): string;
  /** A 403 answer: the session is gone. `hadToken`: the request carried one. */
  onLoggedOut(hadToken: boolean): void;
  /** Every HTTP answer, before its body is read (the storefront's new-version notice). */
  onResponse?(response: Response): void;
  /** How to send the request: the network by default; a server render asks the API in-process. */
  fetch?(url: URL, init: RequestInit): Promise<Response>;
}

export interface CallOptions {
  /** POST (the default) sends the input as a JSON body; GET as query parameters. */
  method?: 'GET' | 'POST';
}

export type ApiCall = <P extends ApiPath>(
  path: P,
  input?: ApiInput<P>,
  options?: CallOptions,
) => Promise<ApiOutput<P>>;

export function createApiClient(hooks: ApiClientHooks): ApiCall {
  return async (path, input, options = {}) => {
    const method = options.method ?? 'POST';
    const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
    url.searchParams.set('lang', hooks.lang());
    if (method === 'GET') {
      for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>))
        if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = hooks.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (method === 'POST') headers['content-type'] = 'application/json';
    let envelope: Envelope<unknown>;
    try {
      const send = hooks.fetch ?? fetch;
      const response = await send(url, {
        method,
        headers,
        ...(method === 'POST' ? { body: JSON.stringify(input ?? {}) } : {}),
        signal: AbortSignal.timeout(TIMERS.requestTimeoutMs),
      });
      hooks.onResponse?.(response);
      envelope = (await response.json()) as Envelope<unknown>;
    } catch {
      throw new ApiError(-1, 'NETWORK_ERROR', 'network');
    }
    if (envelope.code === 0) return envelope.data as never;
    if (envelope.code === LOGGED_OUT_CODE) hooks.onLoggedOut(Boolean(token));
    throw new ApiError(
      envelope.code,
      typeof envelope.key === 'string' ? envelope.key : undefined,
      envelope.msg,
      envelope.data ?? null,
    );
  };
}

/** One of several calls chosen at run time (a mutation serving approve and refuse): a path with its input. */
export type ApiCallOf<P extends ApiPath> = P extends ApiPath ? { path: P; body: ApiInput<P> } : never;
