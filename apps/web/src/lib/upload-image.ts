/**
 * Uploads a picture to `/api/upload/img` with progress: fetch() cannot report upload progress,
 * XMLHttpRequest can. Same rules as `apiCall`: `lang` in the query, the token as a Bearer header, a
 * 15 s time-out per stall, the envelope unwrapped. Each feature says its module (the server's size
 * limit and folder follow it) and checks its own size limit first.
 */
import type { Envelope } from '@mall/contract';
import { ApiError } from './api-client.ts';
import { queryLanguage } from './language.ts';
import { endSession } from './session.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
const STALL_MS = 15_000;
const LOGGED_OUT = 403;

export interface UploadHandle {
  done: Promise<string>;
  abort(): void;
}

/** The checks the server makes, done first so nobody waits for a refusal. */
export function imageProblem(
  file: File,
  maxBytes: number,
): 'IMAGE_TYPE_NOT_ALLOWED' | 'IMAGE_TOO_LARGE' | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'IMAGE_TYPE_NOT_ALLOWED';
  if (file.size > maxBytes) return 'IMAGE_TOO_LARGE';
  return undefined;
}

export function uploadImage(
  file: File,
  moduleName: string,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    const url = new URL('/api/upload/img', window.location.origin);
    url.searchParams.set('lang', queryLanguage());
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    const token = readStorage(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    let stall = 0;
    let stalled = false;
    // A time-out for a stalled upload, not for a large one on a slow line: reset on every progress.
    const watch = () => {
      window.clearTimeout(stall);
      stall = window.setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      window.clearTimeout(stall);
      const envelope = xhr.response as Envelope<{ data: string }> | null;
      if (!envelope || typeof envelope.code !== 'number') {
        reject(new ApiError(-1, xhr.status === 413 ? 'IMAGE_TOO_LARGE' : 'UPLOAD_FAILED', 'upload'));
        return;
      }
      if (envelope.code === 0) {
        onProgress(1);
        resolve(envelope.data.data);
        return;
      }
      if (envelope.code === LOGGED_OUT) {
        // The session ended during the upload: said and kept on the page, as api-client does.
        endSession();
        void import('./errors.ts').then((m) => m.notifyError('SESSION_EXPIRED'));
      }
      reject(new ApiError(envelope.code, envelope.key, envelope.msg));
    };
    xhr.onerror = () => {
      window.clearTimeout(stall);
      reject(new ApiError(-1, 'NETWORK_ERROR', 'network'));
    };
    xhr.onabort = () => {
      window.clearTimeout(stall);
      reject(
        stalled ? new ApiError(-1, 'NETWORK_ERROR', 'network') : new DOMException('aborted', 'AbortError'),
      );
    };
    const form = new FormData();
    form.set('moduleName', moduleName);
    form.set('file', file, file.name);
    watch();
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
