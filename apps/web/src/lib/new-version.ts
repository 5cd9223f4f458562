import { confirmAction } from './confirm.ts';
import { errorText } from './errors.ts';
import { i18next } from './i18n.ts';

/** Offers a reload when the server runs a newer storefront than this tab. */
export async function announceNewVersion(): Promise<void> {
  const reload = await confirmAction({
    title: errorText('NEW_VERSION'),
    body: i18next.t('common.newVersionBody'),
    confirmLabel: i18next.t('common.reload'),
  });
  if (reload) window.location.reload();
}
