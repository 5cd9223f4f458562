/**
 * A page of goods with its filters and sorts, all kept in the URL so a list can be shared, reloaded
 * and gone back to: `categoryId`, `minPrice`, `maxPrice`, `sellerId` (+ `sellerName` for its chip),
 * `sort`, `page`. The page fixes the rest (`keyword`, `type`, a store's `sellerId`). 12 a page.
 * On a phone the filters fold behind a button.
 */
import {
  CATALOGUE_PAGE_SIZES,
  type CategoryNodeDto,
  type GoodsCardDto,
  type GoodsSort,
  type Page,
} from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FIRST_SCREEN_CARDS, GoodsGrid } from '../../../components/goods-card.tsx';
import { EmptyState, ErrorState } from '../../../components/list-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { catalogueKeys, fetchGoods, type GoodsQuery } from '../../../lib/catalogue-api.ts';
import { formatCount } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { pageParam, useUrlParams } from '../../../lib/use-url-params.ts';
import { CategoryTree } from './category-tree.tsx';
import { PriceFilter } from './price-filter.tsx';
import { StorePicker } from './store-picker.tsx';

const SORTS: GoodsSort[] = ['default', 'sales', 'new', 'price_asc', 'price_desc'];
const PAGE_SIZE = CATALOGUE_PAGE_SIZES.goods;

export interface GoodsBrowserProps {
  /** Fixed by the page (a search keyword, a merchandising list, a store). */
  base: Pick<GoodsQuery, 'keyword' | 'type' | 'sellerId'>;
  /** Offer the category filter, with this tree (undefined while it loads). */
  categoryFilter?: boolean;
  /** The tree's counts match this list (category browse, a store's own tree). */
  categoryCounts?: boolean;
  categories?: readonly CategoryNodeDto[] | undefined;
  /** Offer the store filter (not on a store's own page). */
  storeFilter?: boolean;
  /** Page 1 already known (the header search's cached answer), shown at once. */
  initial?: Page<GoodsCardDto> | undefined;
  /** Label of the "all categories" entry (a store page says "All products of the store"). */
  allLabel?: string;
  /** Shown above the list (titles, activity). */
  children?: ReactNode;
}

export function GoodsBrowser({
  base,
  categoryFilter,
  categoryCounts = false,
  categories,
  storeFilter,
  initial,
  allLabel,
  children,
}: GoodsBrowserProps) {
  const { t } = useTranslation('catalogue');
  const [params, update] = useUrlParams();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  const sortParam = params.get('sort') as GoodsSort | null;
  const sort: GoodsSort = sortParam && SORTS.includes(sortParam) ? sortParam : 'default';
  const page = pageParam(params.get('page'));
  const categoryId = params.get('categoryId');
  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  const pickedSeller = storeFilter ? (params.get('sellerId') ?? '') : '';
  const query: GoodsQuery = {
    ...base,
    sellerId: base.sellerId ?? (pickedSeller || undefined),
    categoryId: categoryId ?? undefined,
    minPrice: minPrice || undefined,
    maxPrice: maxPrice || undefined,
    sort: sort === 'default' ? undefined : sort,
    pageNum: page,
    pageSize: PAGE_SIZE,
  };
  const filtered = Boolean(categoryId || minPrice || maxPrice || pickedSeller);
  const usesInitial = Boolean(initial) && page === 1 && sort === 'default' && !filtered;

  const goods = useQuery({
    queryKey: catalogueKeys.goods(query),
    queryFn: () => fetchGoods(query),
    placeholderData: keepPreviousData,
    initialData: usesInitial ? initial : undefined,
    staleTime: 10_000,
  });

  // A new page of results starts at the top of the list, not where the pager was.
  const firstPage = useRef(page);
  useEffect(() => {
    if (page === firstPage.current) return;
    firstPage.current = page;
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [page]);

  const change = (changes: Record<string, string | null>) => update({ ...changes, page: null });
  const clear = () =>
    change({ categoryId: null, minPrice: null, maxPrice: null, sellerId: null, sellerName: null });

  const total = goods.data?.pageInfo.total;
  return (
    <div className="browse" ref={top}>
      {children}
      <div className="browse-body">
        <button
          type="button"
          className="browse-filters-toggle small-button"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {t('filters.title')}
          {filtered && (
            <span className="browse-dot">
              <span className="visually-hidden">{t('filters.active')}</span>
            </span>
          )}
        </button>
        <aside
          id={filtersId}
          className={`browse-filters${filtersOpen ? ' is-open' : ''}`}
          aria-label={t('filters.title')}
        >
          {categoryFilter && (
            <section>
              <h2>{t('filters.category')}</h2>
              {categories ? (
                <CategoryTree
                  nodes={categories}
                  selected={categoryId}
                  onSelect={(id) => change({ categoryId: id })}
                  counts={categoryCounts}
                  {...(allLabel ? { allLabel } : {})}
                />
              ) : (
                <div aria-busy="true">
                  <span className="skeleton skeleton-line" />
                  <span className="skeleton skeleton-line" />
                  <span className="skeleton skeleton-line is-short" />
                </div>
              )}
            </section>
          )}
          <section>
            <h2>{t('filters.price')}</h2>
            <PriceFilter
              key={`${minPrice}|${maxPrice}`}
              min={minPrice}
              max={maxPrice}
              onApply={(min, max) => change({ minPrice: min, maxPrice: max })}
            />
          </section>
          {storeFilter && (
            <section>
              <h2>{t('filters.store')}</h2>
              <StorePicker
                sellerId={pickedSeller}
                sellerName={params.get('sellerName') ?? ''}
                onPick={(store) => change({ sellerId: store?.id ?? null, sellerName: store?.name ?? null })}
              />
            </section>
          )}
          {filtered && (
            <button type="button" className="link-button browse-clear" onClick={clear}>
              {t('filters.clear')}
            </button>
          )}
        </aside>
        <section className="browse-results" aria-busy={goods.isFetching || undefined}>
          <div className="browse-bar">
            <p className="browse-count" aria-live="polite">
              {total !== undefined && t('list.count', { n: formatCount(total) })}
            </p>
            <fieldset className="sort-bar">
              <legend className="visually-hidden">{t('sort.label')}</legend>
              {SORTS.map((s) => (
                <button
                  type="button"
                  key={s}
                  aria-pressed={s === sort}
                  onClick={() => update({ sort: s === 'default' ? null : s, page: null })}
                >
                  {t(`sort.${s}`)}
                </button>
              ))}
            </fieldset>
          </div>
          {goods.isError && !goods.data ? (
            <ErrorState error={goods.error} onRetry={() => void goods.refetch()} />
          ) : goods.data && goods.data.pageList.length === 0 ? (
            <EmptyState title={filtered ? t('list.emptyFiltered') : t('list.empty')}>
              {filtered && (
                <button type="button" className="button-link" onClick={clear}>
                  {t('filters.clear')}
                </button>
              )}
            </EmptyState>
          ) : (
            <GoodsGrid goods={goods.data?.pageList} loading={goods.isPending} eager={FIRST_SCREEN_CARDS} />
          )}
          {goods.data && (
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={goods.data.pageInfo.total}
              onPage={(p) => update({ page: p > 1 ? String(p) : null })}
            />
          )}
        </section>
      </div>
    </div>
  );
}
