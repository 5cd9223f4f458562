/** Mounts the verification dialog (a lazy chunk) the first time a gated call is refused. */
import { lazy, Suspense } from 'react';
import { withErrorTexts } from '../lib/i18n.ts';
import { useVerificationPrompt } from '../lib/verification-prompt.ts';
import { withMantine } from '../lib/with-mantine.tsx';

const VerificationDialog = lazy(withMantine(withErrorTexts(() => import('./verification-dialog.tsx'))));

let everAsked = false;

export function VerificationPromptHost() {
  const prompt = useVerificationPrompt();
  everAsked ||= prompt !== null;
  if (!everAsked) return null;
  return (
    <Suspense fallback={null}>
      <VerificationDialog />
    </Suspense>
  );
}
