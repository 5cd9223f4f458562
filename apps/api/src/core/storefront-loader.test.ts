import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { findEntryTag, LOADER, LOADER_CSP_SOURCE, loaderTag } from './storefront-loader.ts';

interface Added {
  tag: string;
  type?: string;
  rel?: string;
  src?: string;
  href?: string;
}

/** Runs the loader against a small stand-in for the browser; returns what it added and the hooks. */
function runLoader(options: { hidden?: boolean; paintTiming?: boolean }) {
  const added: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const listeners: (() => void)[] = [];
  let observer:
    | ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect(): void }) => void)
    | undefined;
  let disconnected = false;
  const attributes: Record<string, string> = {
    'data-entry': '/assets/index-abc.js',
    'data-chunks': '/assets/kit-1.js /assets/product-page-2.js',
  };
  const document = {
    visibilityState: options.hidden ? 'hidden' : 'visible',
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    createElement: (tag: string) => ({ tag }) as Added,
    head: { appendChild: (el: Added) => added.push(el) },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['navigation'] : ['paint', 'navigation'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  const window = { PerformanceObserver };
  runInNewContext(LOADER, {
    document,
    window,
    PerformanceObserver,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
  });
  return {
    added,
    frames,
    timers,
    listeners,
    paint: (names: string[]) =>
      observer?.(
        { getEntriesByName: (n: string) => names.filter((x) => x === n) },
        {
          disconnect() {
            disconnected = true;
          },
        },
      ),
    get disconnected() {
      return disconnected;
    },
  };
}

const expected = [
  { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-abc.js' },
  { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/kit-1.js' },
  { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/product-page-2.js' },
];

describe('the storefront script loader', () => {
  it('adds the entry and the chunks at the first contentful paint, not before, and once', () => {
    const run = runLoader({});
    expect(run.added).toEqual([]);
    run.paint(['first-paint']);
    expect(run.added).toEqual([]);
    run.paint(['first-contentful-paint']);
    expect(run.added).toEqual(expected);
    expect(run.disconnected).toBe(true);
    // The 5 s fallback and a later visibility change add nothing more.
    for (const f of [...run.timers, ...run.listeners]) f();
    expect(run.added).toHaveLength(3);
  });

  it('starts at once in a hidden tab (no frames, no paints there)', () => {
    expect(runLoader({ hidden: true }).added).toEqual(expected);
  });

  it('waits two frames where the browser reports no paints', () => {
    const run = runLoader({ paintTiming: false });
    run.frames.shift()?.();
    expect(run.added).toEqual([]);
    run.frames.shift()?.();
    expect(run.added).toEqual(expected);
  });

  it('starts after 5 s when no paint is reported at all', () => {
    const run = runLoader({});
    for (const f of run.timers) f();
    expect(run.added).toEqual(expected);
  });

  it('is allowed by the CSP hash of its exact text, and replaces the build tag', () => {
    expect(LOADER_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`);
    const template = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>';
    const entry = findEntryTag(template);
    expect(entry?.src).toBe('/assets/index-abc.js');
    const tag = loaderTag('/assets/index-abc.js', ['/assets/kit-1.js']);
    expect(tag).toBe(
      `<script data-entry="/assets/index-abc.js" data-chunks="/assets/kit-1.js">${LOADER}</script>`,
    );
    expect(findEntryTag('<head></head>')).toBeUndefined();
  });
});
