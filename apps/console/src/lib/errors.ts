import { notifications } from '@mantine/notifications';
import { ApiError } from './api.ts';
import { i18next } from './i18n.ts';

/** A failure in the operator's language: by catalogue key, else the server's message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.key && i18next.exists(error.key, { ns: 'errors' })
      ? i18next.t(error.key, { ns: 'errors' })
      : error.message;
  }
  return i18next.t('SYSTEM_BUSY', { ns: 'errors' });
}

export function showError(error: unknown): void {
  notifications.show({ color: 'red', message: failureText(error), autoClose: 5000 });
}

export function showDone(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000 });
}
