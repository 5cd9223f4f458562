import './theme/mantine.ts';
import './theme/global.css';
import './theme/phone-dock.css';
import { isRtl } from '@mall/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { whenIdle } from './components/deferred.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import { applyLanguage, startLanguage } from './lib/language.ts';

async function boot(): Promise<void> {
  const lang = startLanguage();
  // Direction and language are set before anything renders, so Arabic never flashes left to right.
  applyLanguage(lang);
  await initI18n(lang);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Providers dir={isRtl(lang) ? 'rtl' : 'ltr'}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
  // The error texts are not needed to paint (lib/i18n.ts): fetched once the browser is idle.
  whenIdle(() => void i18next.loadNamespaces('errors'));
}

void boot();
