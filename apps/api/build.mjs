// `npm run build -w @mall/api`: bundles the API's TypeScript (and the workspace packages it
// imports) into dist/*.js with esbuild, so a start runs plain JavaScript instead of compiling
// through tsx at run time. npm packages stay external (native modules, their own files).
import { readFileSync, rmSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
// `--outdir <dir>` builds elsewhere (tests build their own copy, so two never share one).
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = resolve(outdirFlag > 0 ? (process.argv[outdirFlag + 1] ?? 'dist') : resolve(here, 'dist'));

/**
 * npm packages are bundled too: loading one file is several times faster than resolving and
 * reading the hundreds of small files fastify, zod, kysely and the rest are made of (start-up time,
 * docs/operations.md). Native modules, and packages that read their own files, stay in node_modules.
 */
const EXTERNAL = ['better-sqlite3', '@node-rs/argon2', 'pg-native', 'country-state-city'];
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const external = EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return external ? { path: args.path, external: true } : undefined;
    });
  },
};

/**
 * A module that finds its files next to itself (`new URL('../locales/', import.meta.url)`) would
 * look beside dist/ once bundled: its import.meta.url becomes its original file's, relative to dist.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromDist = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

// Chunks are content-hashed: without a clean directory, old ones pile up.
rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: { server: resolve(here, 'src/server.ts'), migrate: resolve(here, 'src/migrate-cli.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, keepModuleUrls],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __mallRequire } from 'node:module'; const require = __mallRequire(import.meta.url);",
  },
});
console.log(`api: built dist/ in ${Math.round(performance.now() - started)} ms`);
