import { accessibleColours, colourShades, readablePaletteVariables } from '@mall/contract';
import { type CSSVariablesResolver, createTheme, DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentBrand } from '../lib/brand.ts';

/** The browser's one client; a server render makes its own per request (entry-server.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

function brandTheme() {
  // The fill computed for contrast, and text on each filled control picked by its luminance.
  const shades = colourShades(accessibleColours(currentBrand().theme).primary);
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shades as never },
    autoContrast: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
    defaultRadius: 'md',
  });
}

/** Mantine's dimmed grey (#868e96) is 3.3:1 on white; descriptions and hints need 4.5:1. */
const readableDimmed: CSSVariablesResolver = (theme) => ({
  variables: {},
  // And each palette's light-variant text, which Mantine draws at 3.5-3.8:1 on its own tint.
  light: { '--mantine-color-dimmed': '#5f6368', ...readablePaletteVariables(theme.colors) },
  dark: {},
});

export function Providers({
  dir,
  client,
  children,
}: {
  dir: 'ltr' | 'rtl';
  client: QueryClient;
  children: ReactNode;
}) {
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={brandTheme()} cssVariablesResolver={readableDimmed}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
