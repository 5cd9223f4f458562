import type { PublicBrand } from '@mall/contract';
import { renderContext } from './render-context.ts';

let cached: PublicBrand | undefined;

/**
 * The brand the server (or the Vite dev server) injected into index.html, so the first paint is
 * already themed. The page cannot work without it, so its absence is a deployment error.
 */
export function currentBrand(): PublicBrand {
  const rendering = renderContext();
  if (rendering) return rendering.brand;
  if (cached) return cached;
  const text = document.getElementById('brand-data')?.textContent;
  if (!text) throw new Error('index.html carries no brand-data: serve it through the API or Vite');
  cached = JSON.parse(text) as PublicBrand;
  return cached;
}
