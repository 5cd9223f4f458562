import { BRANDS, DEFAULT_BRAND_KEY, injectBrand } from '@mall/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Brotli and gzip copies of every built file, sent by the API to browsers that take them.
import { precompress } from '../../tools/precompress.mjs';

/** The dev server themes index.html like the API does (default brand), so pages look the same. */
function brandHead(): Plugin {
  const brand = BRANDS.find((b) => b.key === (process.env.BRAND ?? DEFAULT_BRAND_KEY)) ?? BRANDS[0]!;
  return { name: 'mall-brand-head', apply: 'serve', transformIndexHtml: (html) => injectBrand(html, brand) };
}

/** The shared helpers of the catalogue pages, in one chunk (`kit`): see build.rolldownOptions. */
const KIT = /apps[\\/]web[\\/]src[\\/](lib|components)[\\/]|@tanstack[\\/]|packages[\\/]contract[\\/]/;
const NOT_KIT =
  /image-upload|upload-image|verification-dialog|confirm-dialog|toasts|service-dialog\.|user-centre-layout|new-version|\.css$/;

/** Names this build; the API sends it back on every reply so an outdated tab offers a reload. */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function buildId(): Plugin {
  return {
    name: 'mall-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-id.txt', source: BUILD_ID });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), brandHead(), buildId(), precompress()],
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
    // The server entry bundles React's production build whatever NODE_ENV the API runs with.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // tools/size-limit.mjs reads the manifest to measure what the home route loads.
    manifest: true,
    target: 'es2022',
    // Everything the entry loads statically is one file: each response costs a phone a request and
    // its headers, and the shell needs all of it to hydrate anyway (issue 27). The small helpers
    // the catalogue pages share (cards, prices, the query hooks) are a second file, not fifteen.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'shell', tags: ['$initial'] },
                { name: 'kit', test: (id: string) => KIT.test(id) && !NOT_KIT.test(id) },
              ],
            },
          },
        },
  },
  // The server entry (`vite build --ssr`, dist/server/, beside the assets but never served) is one self-contained bundle: the workspace
  // packages are TypeScript sources, and React must be its production build.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/brand-icon.svg': 'http://127.0.0.1:3000' },
  },
}));
