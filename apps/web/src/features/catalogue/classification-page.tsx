/**
 * /classification (category browse): the category tree beside the goods of the chosen category
 * (`categoryId` in the URL, its whole branch), with its sub-categories as tiles, a trail back up,
 * filters by price and store, sorts and pages.
 */

import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { categoryPath } from '../../lib/catalogue-links.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';
import { useCategoryTree } from './catalogue-queries.ts';
import { findCategory, pathTo } from './components/category-tree.tsx';
import { GoodsBrowser } from './components/goods-browser.tsx';
import './catalogue.css';

export default function ClassificationPage() {
  const { t } = useTranslation('catalogue');
  const [params] = useUrlParams();
  const tree = useCategoryTree();
  const categoryId = params.get('categoryId');
  const nodes = tree.data ?? [];
  const current = findCategory(nodes, categoryId);
  const trail = pathTo(nodes, categoryId)
    .map((id) => findCategory(nodes, id))
    .filter((c) => c !== null);
  const unknown = tree.data !== undefined && categoryId !== null && current === null;
  const tiles = current ? current.children : nodes;

  return (
    <div className="container catalogue-page">
      <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
        <ol>
          <li>
            <LangLink to="/classification">{t('titles.categories')}</LangLink>
          </li>
          {trail.map((c) => (
            <li key={c.categoryId}>
              <LangLink
                to={categoryPath(c.categoryId)}
                aria-current={c.categoryId === categoryId ? 'page' : undefined}
              >
                {c.name}
              </LangLink>
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="page-title">{current?.name ?? t('titles.categories')}</h1>
      {tree.isError && <ErrorState error={tree.error} onRetry={() => void tree.refetch()} />}
      {unknown ? (
        <EmptyState title={t('list.unknownCategory')}>
          <LangLink className="button-link" to="/classification">
            {t('titles.allCategories')}
          </LangLink>
        </EmptyState>
      ) : (
        <GoodsBrowser base={{}} categoryFilter categoryCounts categories={tree.data} storeFilter>
          {tiles.length > 0 && (
            <ul className="category-tiles" aria-label={t('filters.subcategories')}>
              {tiles.map((c) => (
                <li key={c.categoryId}>
                  <LangLink to={categoryPath(c.categoryId)}>
                    <img src={c.iconImg} alt="" width={40} height={40} loading="lazy" />
                    <span>{c.name}</span>
                  </LangLink>
                </li>
              ))}
            </ul>
          )}
        </GoodsBrowser>
      )}
    </div>
  );
}
