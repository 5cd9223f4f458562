/**
 * Calls to the API per DESIGN §3: `lang` on every request, the token as a Bearer header,
 * a 15 s time-out, the envelope unwrapped. A non-zero code rejects with an ApiError; code 403
 * forgets the session (SPEC §7): an ended session is said so and the page kept (issue 30), a call
 * without one goes to the root page.
 */
import { type Envelope, LOGGED_OUT_CODE, TIMERS } from '@mall/contract';
import { queryLanguage } from './language.ts';
import { endSession } from './session.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** The catalogue key, when the server sent one; the client translates by it. */
    readonly key: string | undefined,
    message: string,
    /** The envelope's `data`: facts about the refusal (a limit, a verification policy's reason). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
}

let versionNoticed = false;

/** A reply from a newer deployment: say once that a new version is out, with a reload offer. */
function noticeNewVersion(serverBuild: string | null): void {
  if (versionNoticed || !serverBuild || serverBuild === __BUILD_ID__) return;
  versionNoticed = true;
  void import('./new-version.ts').then((m) => m.announceNewVersion());
}

export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('lang', queryLanguage());
  for (const [k, v] of Object.entries(options.params ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body) headers['content-type'] = 'application/json';

  let envelope: Envelope<T>;
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      headers,
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(TIMERS.requestTimeoutMs),
    });
    noticeNewVersion(response.headers.get('x-mall-build'));
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(-1, 'NETWORK_ERROR', 'network');
  }
  if (envelope.code === 0) return envelope.data;
  if (envelope.code === LOGGED_OUT_CODE) {
    endSession();
    if (token) {
      // A session the server ended (signed out elsewhere, password changed, expired): say so and
      // stay; a page that needs a session sends the visitor to sign in and back (RequireLogin).
      void import('./errors.ts').then((m) => m.notifyError('SESSION_EXPIRED'));
    } else {
      window.location.assign('/');
    }
  }
  const key = typeof envelope.key === 'string' ? envelope.key : undefined;
  // A gated call refused for a verification level: a dialog leads to the verification page.
  if (key === 'C3_REQUIRED' || key === 'REAL_NAME_REQUIRED') {
    void import('./verification-prompt.ts').then((m) => m.askToVerify(key, envelope.data));
  }
  throw new ApiError(envelope.code, key, envelope.msg, envelope.data);
}
