import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The browser's one client; a server render makes its own per request (entry-server.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * What every page shares. Mantine's providers are not here: they come with the parts that use
 * Mantine (app/mantine-scope.tsx), so the catalogue pages load without Mantine's code.
 */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
