/**
 * /userInfo/collect-shop (followed stores): the stores the buyer follows, newest first, 20 a page,
 * each unfollowed after a confirmation.
 */
import { CATALOGUE_PAGE_SIZES } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { StoreCard, StoreGridSkeleton } from '../../components/store-card.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { formatCount } from '../../lib/format.ts';
import { fetchFocusSellers, keepKeys, useFollowMutation } from '../../lib/keep-follow.ts';
import { LangLink } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { pageParam, useUrlParams } from '../../lib/use-url-params.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import './favourites.css';

const PAGE_SIZE = CATALOGUE_PAGE_SIZES.follows;

export default function CollectShopPage() {
  const { t } = useTranslation('catalogue');
  const [params, update] = useUrlParams();
  const page = pageParam(params.get('page'));
  const list = useQuery({
    queryKey: keepKeys.sellers(page),
    queryFn: () => fetchFocusSellers(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const follow = useFollowMutation();
  const data = list.data;
  const pastEnd = data && !list.isPlaceholderData && page > 1 && data.pageList.length === 0;

  const unfollow = async (id: string, name: string) => {
    const ok = await confirmAction({
      title: t('favourites.unfollowTitle'),
      body: t('favourites.unfollowBody', { name }),
      confirmLabel: t('follow.unfollow'),
      danger: true,
    });
    if (!ok) return;
    follow.mutate({ id, on: false }, { onSuccess: () => notify(t('follow.removed'), 'success') });
  };

  return (
    <div className="favourites-page">
      <header className="favourites-head">
        <h1>{t('favourites.storesTitle')}</h1>
        {data && (
          <p className="muted">{t('favourites.storesCount', { n: formatCount(data.pageInfo.total) })}</p>
        )}
      </header>
      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <StoreGridSkeleton count={4} />
      ) : data.pageList.length === 0 ? (
        <EmptyState title={pastEnd ? t('list.pastEnd') : t('favourites.storesEmpty')}>
          <LangLink className="button-link" to={pastEnd ? '/userInfo/collect-shop' : '/searchStore'}>
            {pastEnd ? t('list.firstPage') : t('favourites.findStores')}
          </LangLink>
        </EmptyState>
      ) : (
        <ul className="store-grid favourites-stores" aria-busy={list.isFetching || undefined}>
          {data.pageList.map((s) => (
            <StoreCard key={s.sellerId} store={s}>
              <div className="favourite-store-foot">
                <span className="muted">
                  {t('favourites.followedOn')} <bdi dir="ltr">{toLocalTime(s.focusTime)}</bdi>
                </span>
                <button
                  type="button"
                  className="favourite-remove"
                  disabled={follow.isPending && follow.variables?.id === s.sellerId}
                  onClick={() => void unfollow(s.sellerId, s.name)}
                >
                  {t('follow.unfollow')}
                </button>
              </div>
            </StoreCard>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={data.pageInfo.total}
          onPage={(p) => {
            update({ page: p > 1 ? String(p) : null });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
