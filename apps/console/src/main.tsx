import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { colourShades, readablePaletteVariables } from '@mall/contract';
import { isRtl } from '@mall/i18n';
import { type CSSVariablesResolver, createTheme, DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleRoutes } from './app/router.tsx';
import { initI18n, startLanguage } from './lib/i18n.ts';

function brandPrimary(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim() || '#e4572e';
}

/**
 * WCAG 2.2 AA for the library's own greys and light variants: the dimmed grey (#868e96, 3.3:1 on
 * white) and each palette's light-variant text (green badges were 3.8:1) made readable.
 */
const readableColours: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6368', ...readablePaletteVariables(theme.colors) },
  dark: {},
});

async function boot(): Promise<void> {
  const lang = startLanguage();
  await initI18n(lang);
  const primary = brandPrimary();
  const theme = createTheme({
    primaryColor: 'brand',
    colors: { brand: colourShades(primary) as never },
    autoContrast: true,
    defaultRadius: 'md',
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <DirectionProvider initialDirection={isRtl(lang) ? 'rtl' : 'ltr'} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={readableColours}>
          <Notifications position="top-center" limit={3} />
          <QueryClientProvider client={queryClient}>
            <BrowserRouter basename="/console">
              <Suspense fallback={null}>
                <ConsoleRoutes />
              </Suspense>
            </BrowserRouter>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </StrictMode>,
  );
}

void boot();
