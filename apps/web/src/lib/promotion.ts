/**
 * The brand's merchant promotion site (SPEC §2 /merchantSettled): opened in a new window with the
 * language and the user's avatar. Opened straight from the click, so no popup blocker stops it.
 */
import type { MouseEvent } from 'react';
import { currentBrand } from './brand.ts';
import { queryLanguage } from './language.ts';
import { readUser } from './storage.ts';

export function promotionUrl(): string {
  const url = new URL(currentBrand().promotionUrl);
  url.searchParams.set('lang', queryLanguage());
  url.searchParams.set('avatar', String(readUser()?.avatar ?? 1));
  return url.toString();
}

/** Opens the site; false when the browser blocked the window. */
function openPromotionSite(): boolean {
  // Not the 'noopener' feature: with it, window.open always returns null and a block looks the same.
  const win = window.open(promotionUrl(), '_blank');
  if (!win) return false;
  win.opener = null;
  return true;
}

/**
 * For links to /merchantSettled: open the site at once in a new window, while this tab goes on to
 * the page where a signed-in buyer applies to open a store.
 */
export function openPromotionFromLink(event: MouseEvent): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
  openPromotionSite();
}
