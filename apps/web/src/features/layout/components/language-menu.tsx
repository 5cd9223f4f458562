/**
 * The language dropdown. Its menu code (Mantine Menu, floating-ui) loads when the visitor points at
 * or focuses the button, so it costs nothing on the first paint.
 */
import { lazy, Suspense, useState } from 'react';
import { withMantine } from '../../../lib/with-mantine.tsx';
import { LanguageButton } from './language-button.tsx';

const loadDropdown = withMantine(() => import('./language-dropdown.tsx'));
const LanguageDropdown = lazy(loadDropdown);

export function LanguageMenu() {
  const [opened, setOpened] = useState(false);
  if (!opened) {
    return (
      <LanguageButton
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={() => setOpened(true)}
      />
    );
  }
  return (
    <Suspense fallback={<LanguageButton aria-busy="true" />}>
      <LanguageDropdown defaultOpened />
    </Suspense>
  );
}
