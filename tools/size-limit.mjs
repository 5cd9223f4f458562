// Storefront budget (part of `npm test`): the JavaScript and CSS a route needs before it can paint,
// as a browser is sent them, must stay within 100 KB (issue 27) and 30 KB, for the home route and the product
// route. What is sent is the build's brotli copy (`.br`, tools/precompress.mjs) that the API serves
// with `Content-Encoding: br`; a file without one would go out raw, and is counted raw.
// Read from Vite's manifest: the entry with its static imports, plus the route's lazy page chunk
// with its imports and the English `ui` texts (the error texts load when the browser is idle:
// apps/web/src/lib/i18n.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET = { js: 100 * 1024, css: 30 * 1024 };
const ROUTES = [
  { name: 'home (/index)', page: /features\/home\/home-page\.tsx$/ },
  { name: 'product (/product)', page: /features\/product\/product-page\.tsx$/ },
];
// WEB_DIST measures another build (the server reads the same variable); CI uses apps/web/dist.
const dist = process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('size-limit: apps/web/dist/.vite/manifest.json missing; build with build.manifest = true');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest);
const entry = entries.find(([, c]) => c.isEntry);
if (!entry) {
  console.error('size-limit: no entry chunk in the manifest');
  process.exit(1);
}

/** Every file a route loads before it paints. */
function routeFiles(page) {
  const files = new Set();
  const seen = new Set();
  const include = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) include(dep);
  };
  include(entry[0]);
  const pages = entries.filter(([key]) => page.test(key));
  if (pages.length === 0) throw new Error(`size-limit: no chunk matches ${page}`);
  for (const [key] of pages) include(key);
  for (const [key] of entries) if (/locales\/ui\/en\.json$/.test(key)) include(key);
  return files;
}

let ok = true;
for (const route of ROUTES) {
  const totals = { js: 0, css: 0 };
  const rows = [];
  for (const file of routeFiles(route.page)) {
    const kind = file.endsWith('.css') ? 'css' : file.endsWith('.js') ? 'js' : undefined;
    if (!kind) continue;
    const path = join(dist, file);
    const sent = existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
    totals[kind] += sent;
    rows.push([existsSync(`${path}.br`) ? file : `${file} (no .br: sent raw)`, sent]);
  }
  console.log(`\n${route.name}`);
  rows.sort((a, b) => b[1] - a[1]);
  for (const [file, sent] of rows.slice(0, 12))
    console.log(`  ${(sent / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  for (const kind of ['js', 'css']) {
    const within = totals[kind] <= BUDGET[kind];
    ok &&= within;
    console.log(
      `${kind.toUpperCase()} ${(totals[kind] / 1024).toFixed(1)} KB sent (brotli) of ${BUDGET[kind] / 1024} KB ${within ? 'ok' : 'OVER BUDGET'}`,
    );
  }
}
process.exit(ok ? 0 : 1);
