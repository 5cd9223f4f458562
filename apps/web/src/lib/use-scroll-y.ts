import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

/** Vertical scroll position; renders only when it changes. */
export function useScrollY(): number {
  return useSyncExternalStore(
    subscribe,
    () => Math.round(window.scrollY),
    () => 0,
  );
}
