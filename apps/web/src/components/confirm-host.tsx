/** Mounts the confirmation dialog (a lazy chunk) the first time something asks for one. */
import { lazy, Suspense } from 'react';
import { usePendingConfirm } from '../lib/confirm.ts';
import { withErrorTexts } from '../lib/i18n.ts';
import { withMantine } from '../lib/with-mantine.tsx';

const ConfirmDialog = lazy(withMantine(withErrorTexts(() => import('./confirm-dialog.tsx'))));

let everAsked = false;

export function ConfirmHost() {
  const pending = usePendingConfirm();
  everAsked ||= pending !== null;
  if (!everAsked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  );
}
