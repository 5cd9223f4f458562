/**
 * The frame both favourites pages share (favourite goods, followed stores): title and count, the
 * states of a paged list (failed, loading, empty or past the end), the grid and the pager. The page
 * number lives in the URL (`page`); each page gives its query, its words and how an item looks.
 */
import type { Page } from '@mall/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { pageParam, useUrlParams } from '../../lib/use-url-params.ts';

/** The page number from the URL, and a way to change it (scrolling back to the top). */
export function useListPage(): [number, (page: number) => void] {
  const [params, update] = useUrlParams();
  return [
    pageParam(params.get('page')),
    (p) => {
      update({ page: p > 1 ? String(p) : null });
      window.scrollTo({ top: 0 });
    },
  ];
}

export function FavouritesList<T>({
  title,
  count,
  list,
  page,
  onPage,
  pageSize,
  skeleton,
  empty,
  gridClassName,
  children,
}: {
  title: string;
  count(total: number): string;
  list: UseQueryResult<Page<T>>;
  page: number;
  onPage(page: number): void;
  pageSize: number;
  skeleton: ReactNode;
  /** An empty list: what to say and where to go; past the last page, back to the first. */
  empty: { title: string; link: string; label: string; firstPage: string };
  gridClassName: string;
  children(items: T[]): ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  const data = list.data;
  const pastEnd = data && !list.isPlaceholderData && page > 1 && data.pageList.length === 0;
  return (
    <div className="favourites-page">
      <header className="favourites-head">
        <h1>{title}</h1>
        {data && <p className="muted">{count(data.pageInfo.total)}</p>}
      </header>
      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        skeleton
      ) : data.pageList.length === 0 ? (
        <EmptyState title={pastEnd ? t('list.pastEnd') : empty.title}>
          <LangLink className="button-link" to={pastEnd ? empty.firstPage : empty.link}>
            {pastEnd ? t('list.firstPage') : empty.label}
          </LangLink>
        </EmptyState>
      ) : (
        <ul className={gridClassName} aria-busy={list.isFetching || undefined}>
          {children(data.pageList)}
        </ul>
      )}
      {data && <Pager page={page} pageSize={pageSize} total={data.pageInfo.total} onPage={onPage} />}
    </div>
  );
}
