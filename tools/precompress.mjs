// Build-time compression of the web apps (issue 25 item 7, issue 27 item 1): after Vite writes a
// build, every text file in it (scripts, styles, index.html, SVG, JSON, texts) gets a brotli
// (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside it. The API's static server sends
// the copy a browser takes with `Content-Encoding` (apps/api/src/core/storefront.ts); a copy that
// would not be smaller is not written. As a Vite plugin (`precompress()`) or a script:
// `node tools/precompress.mjs <dist>`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest|xml|ico)$/;

/** Every file under `dir`, recursively. */
function filesIn(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : [path];
  });
}

/** Brotli at its best quality: the copy is made once per build and sent many times. */
export function brotli(bytes) {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Writes the .br and .gz copies of the build in `dir`; answers how many files were compressed. */
export function precompressDir(dir) {
  let count = 0;
  for (const file of filesIn(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = readFileSync(file);
    const br = brotli(bytes);
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

/** The Vite plugin: runs after the bundle is written (build only). */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'mall-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node tools/precompress.mjs <dist>');
    process.exit(1);
  }
  console.log(`precompressed ${precompressDir(resolve(dir))} files in ${dir}`);
}
