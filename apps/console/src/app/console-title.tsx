/**
 * Names the tab after the console section shown, "<section> - <brand> console" (WCAG 2.4.2):
 * the menu's own label for the path, the sign-in page's title on /login.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { brandName } from './brand-name.ts';
import { NAV } from './nav.ts';

export function sectionTitleKey(pathname: string): string | undefined {
  if (pathname === '/login') return 'login.title';
  for (const group of NAV)
    for (const item of group.items) if (pathname.startsWith(item.path)) return item.labelKey;
  return undefined;
}

export function ConsoleTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const consoleName = t('title', { brand: brandName() });
    const key = sectionTitleKey(pathname);
    document.title = key ? `${t(key)} - ${consoleName}` : consoleName;
  }, [pathname, t]);
  return null;
}
