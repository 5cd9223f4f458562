/**
 * Loads and renders a component after the first paint, when the browser is idle, so that what is
 * not needed to show the page (toasts, dialogs' machinery) stays out of the initial JavaScript.
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

export function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

// One lazy component per loader for the life of the page: a fresh lazy() on every render would
// suspend again each time, and a navigation (a transition) would then never finish.
const lazies = new Map<Loader, LazyExoticComponent<ComponentType>>();

/** `load` must be a stable, module-level function. */
export function Deferred({ load }: { load: Loader }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  let Lazy = lazies.get(load);
  if (!Lazy) {
    Lazy = lazy(load);
    lazies.set(load, Lazy);
  }
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Lazy />
    </Suspense>
  );
}
