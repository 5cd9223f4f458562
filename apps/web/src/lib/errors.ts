import type { ErrorKey } from '@mall/contract';
import { ApiError } from './api-client.ts';
import { i18next } from './i18n.ts';
import { notify } from './notify.ts';
import { isVerificationAnswer } from './verification-prompt.ts';

/** A catalogue error in the user's language. */
export function errorText(key: ErrorKey): string {
  return i18next.t(key, { ns: 'errors' });
}

/** A failure in the user's language: by catalogue key, else the server's own message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.key && i18next.exists(error.key, { ns: 'errors' })
      ? i18next.t(error.key, { ns: 'errors' })
      : error.message;
  }
  return errorText('SYSTEM_BUSY');
}

/**
 * Shows any failure as a translated toast (debounced per message). The error texts load after the
 * first paint (lib/i18n.ts); a failure before they arrive waits for them.
 */
export function showError(error: unknown): void {
  // A verification refusal has its own dialog (lib/verification-prompt.ts): no toast beside it.
  if (error instanceof ApiError && isVerificationAnswer(error.key, error.data)) return;
  withErrors(() => notify(failureText(error)));
}

/**
 * A catalogue message as a toast, from the shell (header, footer) too: those can be used before
 * the error texts arrive, so the toast waits for them rather than showing the key.
 */
export function notifyError(key: ErrorKey): void {
  withErrors(() => notify(errorText(key)));
}

function withErrors(run: () => void): void {
  if (i18next.hasLoadedNamespace('errors')) run();
  else void i18next.loadNamespaces('errors').then(run);
}
