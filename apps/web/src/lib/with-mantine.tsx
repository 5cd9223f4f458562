/**
 * A lazy part that uses Mantine, loaded together with Mantine's providers and rendered inside them
 * (app/mantine-scope.tsx): `lazy(withMantine(() => import('./page.tsx')))`.
 */
import type { ComponentType } from 'react';

type Loaded<P> = { default: ComponentType<P> };

export function withMantine<P extends object>(load: () => Promise<Loaded<P>>): () => Promise<Loaded<P>> {
  return () =>
    Promise.all([load(), import('../app/mantine-scope.tsx')]).then(([part, scope]) => {
      const Part = part.default;
      const Scope = scope.default;
      return {
        default: function WithMantine(props: P) {
          return (
            <Scope>
              <Part {...props} />
            </Scope>
          );
        },
      };
    });
}
