/**
 * /userInfo/collect-shop (followed stores): the stores the buyer follows, newest first, 20 a page,
 * each unfollowed after a confirmation.
 */
import { CATALOGUE_PAGE_SIZES } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StoreCard, StoreGridSkeleton } from '../../components/store-card.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { formatCount } from '../../lib/format.ts';
import { fetchFocusSellers, keepKeys, useFollowMutation } from '../../lib/keep-follow.ts';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { FavouritesList, useListPage } from './favourites-list.tsx';
import './favourites.css';

const PAGE_SIZE = CATALOGUE_PAGE_SIZES.follows;

export default function CollectShopPage() {
  const { t } = useTranslation('catalogue');
  const [page, setPage] = useListPage();
  const list = useQuery({
    queryKey: keepKeys.sellers(page),
    queryFn: () => fetchFocusSellers(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const follow = useFollowMutation();

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
    <FavouritesList
      title={t('favourites.storesTitle')}
      count={(total) => t('favourites.storesCount', { n: formatCount(total) })}
      list={list}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE}
      skeleton={<StoreGridSkeleton count={4} />}
      empty={{
        title: t('favourites.storesEmpty'),
        link: '/searchStore',
        label: t('favourites.findStores'),
        firstPage: '/userInfo/collect-shop',
      }}
      gridClassName="store-grid favourites-stores"
    >
      {(items) =>
        items.map((s) => (
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
        ))
      }
    </FavouritesList>
  );
}
