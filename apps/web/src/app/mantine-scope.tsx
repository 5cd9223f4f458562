/**
 * Mantine's providers (theme, direction), around the parts of the storefront that use Mantine: the
 * account, order, wallet, loan and merchant pages, dialogs and drawers. The catalogue pages and the
 * shell are plain React, so Mantine's code (about 10 KB compressed) is not part of their first load
 * (issue 27); `withMantine` (lib/with-mantine.tsx) puts a lazy part inside these providers.
 */
import { accessibleColours, colourShades, readablePaletteVariables } from '@mall/contract';
import { type CSSVariablesResolver, createTheme, DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { currentBrand } from '../lib/brand.ts';
import { i18next } from '../lib/i18n.ts';

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

// Per brand: a server renders several brands side by side.
const themes = new Map<string, ReturnType<typeof brandTheme>>();

export default function MantineScope({ children }: { children: ReactNode }) {
  const key = currentBrand().key;
  let theme = themes.get(key);
  if (!theme) {
    theme = brandTheme();
    themes.set(key, theme);
  }
  return (
    <DirectionProvider initialDirection={i18next.dir()} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={readableDimmed}>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
