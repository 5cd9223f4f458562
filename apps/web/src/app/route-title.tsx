/** Names the tab after the route on every navigation (pages in SELF_TITLED_PATHS name themselves). */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routeTitleKey, SELF_TITLED_PATHS, setDocumentTitle } from '../lib/document-title.ts';
import { useTranslation } from '../lib/translator/react.ts';

export function RouteTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (SELF_TITLED_PATHS.has(pathname)) return;
    setDocumentTitle(t(routeTitleKey(pathname)));
  }, [pathname, t]);
  return null;
}
