/**
 * /searchResult?k=<keyword>: both answers of the keyword search at a glance, the matching stores
 * (first 10) and the first page of goods, each with a link to its full, filterable list.
 */
import { useQuery } from '@tanstack/react-query';
import { FIRST_SCREEN_CARDS, GoodsGrid } from '../../components/goods-card.tsx';
import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { StoreCard, StoreGridSkeleton } from '../../components/store-card.tsx';
import { catalogueKeys, fetchSearch } from '../../lib/catalogue-api.ts';
import { keywordOf, searchGoodsPath, searchStorePath } from '../../lib/catalogue-links.ts';
import { formatCount } from '../../lib/format.ts';
import { LangLink } from '../../lib/nav.tsx';
import { readSearchCache, writeSearchCache } from '../../lib/search-cache.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';
import { SearchHead } from './components/search-head.tsx';
import './catalogue.css';

export default function SearchResultPage() {
  const { t } = useTranslation('catalogue');
  const [params] = useUrlParams();
  const keyword = keywordOf(params.get('k'));
  const cached = readSearchCache();
  const search = useQuery({
    queryKey: catalogueKeys.search(keyword),
    queryFn: async () => {
      const result = await fetchSearch(keyword);
      writeSearchCache(keyword, result);
      return result;
    },
    enabled: keyword !== '',
    initialData: cached?.keyword === keyword ? cached.result : undefined,
    staleTime: 30_000,
  });
  const data = search.data;
  return (
    <div className="container catalogue-page">
      <SearchHead keyword={keyword} active="all" />
      {!keyword ? (
        <EmptyState title={t('search.enterKeyword')} />
      ) : search.isError && !data ? (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} />
      ) : (
        <>
          <section className="result-block" aria-labelledby="result-stores">
            <header className="result-head">
              <h2 id="result-stores">{t('search.tab.stores')}</h2>
              {data && data.sellerTotal > 0 && (
                <LangLink to={searchStorePath(keyword)}>
                  {t('search.allStores', { n: formatCount(data.sellerTotal) })}
                </LangLink>
              )}
            </header>
            {!data ? (
              <StoreGridSkeleton count={3} />
            ) : data.sellerList.length === 0 ? (
              <p className="muted">{t('list.noStores')}</p>
            ) : (
              <ul className="store-grid">
                {data.sellerList.slice(0, 6).map((s) => (
                  <StoreCard key={s.sellerId} store={s} />
                ))}
              </ul>
            )}
          </section>
          <section className="result-block" aria-labelledby="result-goods">
            <header className="result-head">
              <h2 id="result-goods">{t('search.tab.goods')}</h2>
              {data && data.goodsTotal > 0 && (
                <LangLink to={searchGoodsPath(keyword)}>
                  {t('search.allGoods', { n: formatCount(data.goodsTotal) })}
                </LangLink>
              )}
            </header>
            {data && data.goodsList.length === 0 ? (
              <EmptyState title={t('list.empty')} />
            ) : (
              <GoodsGrid goods={data?.goodsList} loading={!data} eager={FIRST_SCREEN_CARDS} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
