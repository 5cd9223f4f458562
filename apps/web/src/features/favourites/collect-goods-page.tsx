/**
 * /userInfo/collect-goods (favourite products): the buyer's favourites, newest first, 20 a page,
 * each removable after a confirmation. Goods taken off the shelf stay, greyed, marked as such.
 */
import { CATALOGUE_PAGE_SIZES } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GoodsCard, GoodsGridSkeleton } from '../../components/goods-card.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { formatCount } from '../../lib/format.ts';
import { fetchKeepGoods, keepKeys, useKeepMutation } from '../../lib/keep-follow.ts';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { FavouritesList, useListPage } from './favourites-list.tsx';
import './favourites.css';

const PAGE_SIZE = CATALOGUE_PAGE_SIZES.favourites;

export default function CollectGoodsPage() {
  const { t } = useTranslation('catalogue');
  const [page, setPage] = useListPage();
  const list = useQuery({
    queryKey: keepKeys.goods(page),
    queryFn: () => fetchKeepGoods(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const keep = useKeepMutation();

  const remove = async (id: string, name: string) => {
    const ok = await confirmAction({
      title: t('favourites.removeTitle'),
      body: t('favourites.removeBody', { name }),
      confirmLabel: t('favourites.remove'),
      danger: true,
    });
    if (!ok) return;
    keep.mutate({ id, on: false }, { onSuccess: () => notify(t('keep.removed'), 'success') });
  };

  return (
    <FavouritesList
      title={t('favourites.goodsTitle')}
      count={(total) => t('favourites.goodsCount', { n: formatCount(total) })}
      list={list}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE}
      skeleton={<GoodsGridSkeleton count={8} />}
      empty={{
        title: t('favourites.goodsEmpty'),
        link: '/commodity',
        label: t('favourites.browse'),
        firstPage: '/userInfo/collect-goods',
      }}
      gridClassName="goods-grid is-narrow"
    >
      {(items) =>
        items.map((g) => (
          <GoodsCard key={g.sellerGoodsId} goods={g}>
            {!g.onSale && <span className="favourite-off">{t('favourites.offShelf')}</span>}
            <button
              type="button"
              className="favourite-remove"
              disabled={keep.isPending && keep.variables?.id === g.sellerGoodsId}
              onClick={() => void remove(g.sellerGoodsId, g.name)}
            >
              {t('favourites.remove')}
            </button>
          </GoodsCard>
        ))
      }
    </FavouritesList>
  );
}
