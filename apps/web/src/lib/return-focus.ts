/**
 * Focus back to what opened a dialog when it closes (WCAG 2.4.3). Mantine's Modal does this only
 * when `opened` turns true after mount; our dialogs mount already open (rendered on demand), so
 * Mantine never sees the opener and focus fell to the page's body.
 */
import { useEffect, useRef } from 'react';

/** Focuses `opener` if it is still on the page and focus was lost (on the body or gone). */
export function returnFocusTo(opener: Element | null): void {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) opener.focus();
}

/** For a dialog mounted open: remembers the focused element at mount and returns focus on unmount. */
export function useReturnFocus(): void {
  const opener = useRef<Element | null | undefined>(undefined);
  // During the first render focus is still on the opener: the dialog has not taken it yet.
  if (opener.current === undefined) opener.current = document.activeElement;
  useEffect(() => {
    const element = opener.current ?? null;
    return () => {
      // After the dialog's nodes have left the page.
      window.setTimeout(() => returnFocusTo(element), 0);
    };
  }, []);
}
