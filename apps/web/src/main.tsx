import './theme/mantine.ts';
import './theme/global.css';
import './theme/phone-dock.css';
import { ApiError } from '@mall/contract/api-client';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import { applyLanguage, startLanguage } from './lib/language.ts';
import { preloadModules } from './lib/preloadable.tsx';
import { BrowserRouter } from './lib/router/router.tsx';
import { currentSession } from './lib/session.ts';

/**
 * The data a server-rendered page was made from (entry-server.tsx), put back into the client so
 * the first render matches the HTML. Errors travel as plain objects: made ApiErrors again.
 */
interface ServerState {
  queries: DehydratedState;
  texts: Record<string, Record<string, unknown>>;
  /** The lazily loaded parts the page was drawn with (lib/preloadable.tsx). */
  modules: string[];
}

function readServerState(): ServerState | undefined {
  const text = document.getElementById('ssr-state')?.textContent;
  return text ? (JSON.parse(text) as ServerState) : undefined;
}

function serverState(client: QueryClient, state: ServerState | undefined): boolean {
  if (!state) return false;
  hydrate(client, state.queries);
  for (const query of client.getQueryCache().getAll()) {
    const error = query.state.error as { code?: number; key?: string; data?: unknown } | null;
    if (error && !(error instanceof ApiError))
      query.setState({
        error: new ApiError(error.code ?? -1, error.key, error.key ?? '', error.data ?? null),
      });
  }
  // The server rendered what a visitor sees: a signed-in buyer's own answers (followed, in the
  // favourites) are asked again as each part mounts, after hydrating the visitor's markup.
  if (currentSession()) void client.invalidateQueries({ refetchType: 'none' });
  return true;
}

async function boot(): Promise<void> {
  const lang = startLanguage();
  // The server rendered this page in a language; another stored here is a new render, not a hydration.
  const rendered = document.documentElement.lang === lang;
  // Direction and language are set before anything renders, so Arabic never flashes left to right.
  applyLanguage(lang);
  const state = rendered ? readServerState() : undefined;
  if (state) i18next.addLoadedTexts(state.texts);
  await initI18n(lang);
  const root = document.getElementById('root');
  if (!root) return;
  const client = createQueryClient();
  const app = (
    <StrictMode>
      <Providers client={client}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  // The page's own code first: hydrated in one pass, no part waiting for its chunk (preloadable.tsx).
  if (state) await preloadModules(state.modules);
  if (serverState(client, state)) {
    // A transition: hydration yields to the browser between pieces, so a tap is never kept waiting.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void boot();
