import { BRANDS, DEFAULT_BRAND_KEY, injectBrand } from '@mall/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Brotli and gzip copies of every built file, sent by the API to browsers that take them.
import { precompress } from '../../tools/precompress.mjs';

/** The dev server themes index.html like the API does (default brand). */
function brandHead(): Plugin {
  const brand = BRANDS.find((b) => b.key === (process.env.BRAND ?? DEFAULT_BRAND_KEY)) ?? BRANDS[0]!;
  return {
    name: 'console-brand-head',
    apply: 'serve',
    transformIndexHtml: (html) => injectBrand(html, brand),
  };
}

// The console lives under /console/ on the API's own port.
export default defineConfig({
  base: '/console/',
  plugins: [react(), brandHead(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
});
