import type { Brand } from '@mall/contract';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The brand's icon: its monogram on its primary colour, drawn once per brand. */
export function brandIconSvg(brand: Brand): string {
  const { primary, onPrimary, accent } = brand.theme;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(
    brand.name,
  )}"><rect width="64" height="64" rx="14" fill="${primary}"/><circle cx="52" cy="12" r="6" fill="${accent}"/><text x="32" y="44" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="${onPrimary}">${escapeXml(
    brand.monogram,
  )}</text></svg>`;
}
