/**
 * Names the tab after the route on every navigation (pages in SELF_TITLED_PATHS name themselves);
 * the home page wears the brand's title.
 */
import { useEffect } from 'react';
import { currentBrand } from '../lib/brand.ts';
import { routeTitleKey, SELF_TITLED_PATHS, setDocumentTitle } from '../lib/document-title.ts';
import { useLocation } from '../lib/router/router.tsx';
import { useTranslation } from '../lib/translator/react.ts';

export function RouteTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (SELF_TITLED_PATHS.has(pathname)) return;
    // The home page keeps the brand's own title (name and slogan), as the server sent it.
    if (pathname === '/index') document.title = currentBrand().title;
    else setDocumentTitle(t(routeTitleKey(pathname)));
  }, [pathname, t]);
  return null;
}
