import { useEffect, useRef } from 'react';
import { useLangNavigate } from '../../../lib/nav.tsx';

/** Goes to `path` (keeping `lang`) `delayMs` after `armed` turns true; leaving the page cancels it. */
export function useRedirectAfter(armed: boolean, path: string, delayMs: number): void {
  const latest = useLangNavigate();
  const navigate = useRef(latest);
  navigate.current = latest;
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => navigate.current(path), delayMs);
    return () => window.clearTimeout(timer);
  }, [armed, path, delayMs]);
}
