import { type ComponentType, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable, preloadModules } from './preloadable.tsx';

describe('preloadable', () => {
  it('draws a part on its first render once its code, and the parts its module declares, are loaded', async () => {
    let loads = 0;
    let Inner: ComponentType<{ word: string }> | undefined;
    // The outer part's module declares the inner one when it loads, as a page's chunk does.
    const Outer = preloadable('test-outer', async () => {
      loads++;
      Inner = preloadable('test-inner', async () => ({
        default: ({ word }: { word: string }) => <b>{word}</b>,
      }));
      const Page = ({ word }: { word: string }) => (Inner ? <Inner word={word} /> : null);
      return { default: Page };
    });
    const html = () =>
      renderToString(
        <Suspense fallback="loading">
          <Outer word="ready" />
        </Suspense>,
      );
    await preloadModules(['test-outer', 'test-inner', 'not-a-part']);
    // A plain lazy() would suspend on its first render, loaded or not: a hydration would wait.
    expect(html()).toBe('<!--$--><b>ready</b><!--/$-->');
    await preloadModules(['test-outer']);
    expect(loads).toBe(1);
  });
});
