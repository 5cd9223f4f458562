/**
 * /searchStore?k=<keyword>: stores whose names contain the keyword, 10 a page (SPEC §9 merchant
 * lists); without a keyword, every open store (recommended first), which the home page's "see all
 * stores" opens.
 */
import { CATALOGUE_PAGE_SIZES } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { StoreCard, StoreGridSkeleton } from '../../components/store-card.tsx';
import { catalogueKeys, fetchSellers } from '../../lib/catalogue-api.ts';
import { keywordOf } from '../../lib/catalogue-links.ts';
import { formatCount } from '../../lib/format.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { pageParam, useUrlParams } from '../../lib/use-url-params.ts';
import { SearchHead } from './components/search-head.tsx';
import './catalogue.css';

const PAGE_SIZE = CATALOGUE_PAGE_SIZES.sellers;

export default function SearchStorePage() {
  const { t } = useTranslation('catalogue');
  const [params, update] = useUrlParams();
  const keyword = keywordOf(params.get('k'));
  const page = pageParam(params.get('page'));
  const query = { keyword: keyword || undefined, pageNum: page, pageSize: PAGE_SIZE };
  const stores = useQuery({
    queryKey: catalogueKeys.sellers(query),
    queryFn: () => fetchSellers(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return (
    <div className="container catalogue-page">
      <SearchHead keyword={keyword} active="stores" />
      <p className="browse-count" aria-live="polite">
        {stores.data && t('list.storeCount', { n: formatCount(stores.data.pageInfo.total) })}
      </p>
      {stores.isError && !stores.data ? (
        <ErrorState error={stores.error} onRetry={() => void stores.refetch()} />
      ) : !stores.data ? (
        <StoreGridSkeleton count={6} />
      ) : stores.data.pageList.length === 0 ? (
        <EmptyState title={t('list.noStores')} />
      ) : (
        <ul className="store-grid" aria-busy={stores.isFetching || undefined}>
          {stores.data.pageList.map((s) => (
            <StoreCard key={s.sellerId} store={s} />
          ))}
        </ul>
      )}
      {stores.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={stores.data.pageInfo.total}
          onPage={(p) => {
            update({ page: p > 1 ? String(p) : null });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
