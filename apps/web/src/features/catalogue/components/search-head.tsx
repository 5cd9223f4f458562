/** The heading of the search pages: the keyword, and tabs between goods, stores and both. */

import { searchGoodsPath, searchStorePath } from '../../../lib/catalogue-links.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';

export type SearchTab = 'goods' | 'stores' | 'all';

export function SearchHead({ keyword, active }: { keyword: string; active: SearchTab }) {
  const { t } = useTranslation('catalogue');
  const tabs: [SearchTab, string][] = [
    ['goods', searchGoodsPath(keyword)],
    ['stores', searchStorePath(keyword)],
    ['all', `/searchResult?k=${encodeURIComponent(keyword)}`],
  ];
  return (
    <header className="search-head">
      <h1 className="page-title">
        {keyword ? (
          <>
            {t('search.resultsFor')} <bdi className="search-keyword">{keyword}</bdi>
          </>
        ) : (
          t(active === 'stores' ? 'titles.allStores' : 'search.title')
        )}
      </h1>
      {keyword && (
        <nav className="list-tabs" aria-label={t('search.tabs')}>
          {tabs.map(([tab, to]) => (
            <LangLink key={tab} to={to} aria-current={tab === active ? 'page' : undefined}>
              {t(`search.tab.${tab}`)}
            </LangLink>
          ))}
        </nav>
      )}
    </header>
  );
}
