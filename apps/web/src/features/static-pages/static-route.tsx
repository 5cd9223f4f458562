import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useLocation } from '../../lib/router/router.tsx';
import { STATIC_PAGES, StaticPage, type StaticPageKey } from './static-page.tsx';

/** One lazy chunk serves every policy page; the path names the page. */
export default function StaticRoute() {
  const page = useLocation().pathname.slice(1) as StaticPageKey;
  if (!(STATIC_PAGES as readonly string[]).includes(page)) return <NotFoundPage />;
  return <StaticPage key={page} page={page} />;
}
