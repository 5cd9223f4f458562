/** Mounts the confirmation dialog (a lazy chunk) the first time something asks for one. */
import { lazy, Suspense } from 'react';
import { usePendingConfirm } from '../lib/confirm.ts';
import { withErrorTexts } from '../lib/i18n.ts';

const ConfirmDialog = lazy(withErrorTexts(() => import('./confirm-dialog.tsx')));

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
