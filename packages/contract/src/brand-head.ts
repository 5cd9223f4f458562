/**
 * The <head> fragment that themes index.html for a brand before the first paint: title, icon,
 * colour variables and the brand's public data. Used by the API when it serves the storefront and
 * by the Vite dev server, so both paint the same.
 */
import { type Brand, brandCssVariables, toPublicBrand } from './brands.ts';

export const BRAND_HEAD_MARKER = '<!--brand-head-->';

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** JSON inside a <script> must not be able to close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function injectBrand(template: string, brand: Brand): string {
  const head = [
    `<title>${escapeHtml(brand.title)}</title>`,
    '<link rel="icon" type="image/svg+xml" href="/brand-icon.svg">',
    `<meta name="theme-color" content="${brand.theme.primary}">`,
    `<style>:root{${brandCssVariables(brand.theme)}}</style>`,
    `<script id="brand-data" type="application/json">${safeJson(toPublicBrand(brand))}</script>`,
  ].join('');
  return template.replace(BRAND_HEAD_MARKER, head);
}
