/**
 * How a server-rendered page loads its scripts: after its first paint (issue 27). The page's HTML
 * is complete without them, so on a phone the style sheets, the HTML and the main picture have
 * the connection to themselves until something is on screen; the scripts (about 100 KB) come next
 * and hydrate the page. Links are plain `<a href>`, so a tap before hydration still navigates.
 *
 * The build's `<script type="module" src=entry>` is replaced by a small inline script that adds the
 * entry script and modulepreload links for the page's chunks once the browser reports the first
 * contentful paint (two frames on, where it reports no paints; at once in a hidden tab, which paints
 * nothing; after 5 s whatever happens). It reads both from its data attributes, so its
 * text is the same for every page and build and the CSP allows it by hash.
 *
 * Pages rendered in the browser (cart, wallet…) keep the build's tag: they have nothing to paint
 * before their script runs.
 */
import { createHash } from 'node:crypto';

/** The inline script itself (exported for its test). */
export const LOADER = `(function (s) {
  var d = document, started = false;
  function start() {
    if (started) return;
    started = true;
    var e = d.createElement('script');
    e.type = 'module';
    e.crossOrigin = '';
    e.src = s.getAttribute('data-entry');
    d.head.appendChild(e);
    var chunks = (s.getAttribute('data-chunks') || '').split(' ');
    for (var i = 0; i < chunks.length; i++) {
      if (!chunks[i]) continue;
      var l = d.createElement('link');
      l.rel = 'modulepreload';
      l.crossOrigin = '';
      l.href = chunks[i];
      d.head.appendChild(l);
    }
  }
  if (d.visibilityState === 'hidden') return start();
  d.addEventListener('visibilitychange', start);
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(function () { requestAnimationFrame(start); });
  // Whatever becomes of the paint (a stalled style sheet), the page comes to life.
  setTimeout(start, 5000);
})(document.currentScript);`;

/** The CSP source that allows the loader (plugins.ts). */
export const LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

/** The entry's tag as Vite writes it into index.html; undefined when the template has none. */
export function findEntryTag(template: string): { tag: string; src: string } | undefined {
  const match = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  return match?.[1] ? { tag: match[0], src: match[1] } : undefined;
}

/** The loader's tag for a page: the entry, then the page's own chunks (paths from the site root). */
export function loaderTag(entrySrc: string, chunks: string[]): string {
  return `<script data-entry="${entrySrc}" data-chunks="${chunks.join(' ')}">${LOADER}</script>`;
}
