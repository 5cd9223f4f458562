import { colourShades } from '@mall/contract';
import { createTheme, DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentBrand } from '../lib/brand.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

function brandTheme() {
  const primary = currentBrand().theme.primary;
  const shades = colourShades(primary);
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shades as never },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
    defaultRadius: 'md',
  });
}

export function Providers({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={brandTheme()}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
