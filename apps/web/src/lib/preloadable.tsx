/**
 * A lazily loaded page whose code can be loaded before it renders. The server render records the
 * ones a page used (`RenderContext.modules`, sent in `#ssr-state`); the browser loads those before
 * hydrating, so the page hydrates in one pass. With a plain `lazy()` React keeps the server HTML of
 * a part whose code has not arrived and hydrates it later; when anything above it changes first,
 * React throws that HTML away, shows the fallback and draws the part again (issue 27: the home
 * page's blocks were drawn twice, about 500 ms of a throttled phone's main thread).
 */
import { type ComponentType, lazy, useState } from 'react';
import { renderContext } from './render-context.ts';

type Module<P> = { default: ComponentType<P> };

const registry = new Map<string, () => Promise<unknown>>();

// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy takes.
export function preloadable<P extends Record<string, any>>(
  id: string,
  load: () => Promise<Module<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  registry.set(id, preload);
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Preloadable(props: P) {
    renderContext()?.modules.add(id);
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Preloadable.displayName = `Preloadable(${id})`;
  return Preloadable;
}

/**
 * Loads the code of the parts named (by a server render). A part's own module may declare more:
 * the ones not known yet are looked for again after each round. Unknown names and failed loads
 * are left to the lazy path (the part then suspends as it would have).
 */
export async function preloadModules(ids: readonly string[]): Promise<void> {
  let waiting = [...new Set(ids)];
  while (waiting.length > 0) {
    const known = waiting.filter((id) => registry.has(id));
    if (known.length === 0) return;
    await Promise.all(
      known.map((id) =>
        registry
          .get(id)?.()
          .then(undefined, () => undefined),
      ),
    );
    waiting = waiting.filter((id) => !known.includes(id));
  }
}
