/**
 * /userInfo/collect-goods (favourite products): the buyer's favourites, newest first, 20 a page,
 * each removable after a confirmation. Goods taken off the shelf stay, greyed, marked as such.
 */
import { CATALOGUE_PAGE_SIZES } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GoodsCard, GoodsGridSkeleton } from '../../components/goods-card.tsx';
import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { formatCount } from '../../lib/format.ts';
import { fetchKeepGoods, keepKeys, useKeepMutation } from '../../lib/keep-follow.ts';
import { LangLink } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { pageParam, useUrlParams } from '../../lib/use-url-params.ts';
import './favourites.css';

const PAGE_SIZE = CATALOGUE_PAGE_SIZES.favourites;

export default function CollectGoodsPage() {
  const { t } = useTranslation('catalogue');
  const [params, update] = useUrlParams();
  const page = pageParam(params.get('page'));
  const list = useQuery({
    queryKey: keepKeys.goods(page),
    queryFn: () => fetchKeepGoods(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const keep = useKeepMutation();
  const data = list.data;
  const pastEnd = data && !list.isPlaceholderData && page > 1 && data.pageList.length === 0;

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
    <div className="favourites-page">
      <header className="favourites-head">
        <h1>{t('favourites.goodsTitle')}</h1>
        {data && (
          <p className="muted">{t('favourites.goodsCount', { n: formatCount(data.pageInfo.total) })}</p>
        )}
      </header>
      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <GoodsGridSkeleton count={8} />
      ) : data.pageList.length === 0 ? (
        <EmptyState title={pastEnd ? t('list.pastEnd') : t('favourites.goodsEmpty')}>
          <LangLink className="button-link" to={pastEnd ? '/userInfo/collect-goods' : '/commodity'}>
            {pastEnd ? t('list.firstPage') : t('favourites.browse')}
          </LangLink>
        </EmptyState>
      ) : (
        <ul className="goods-grid is-narrow" aria-busy={list.isFetching || undefined}>
          {data.pageList.map((g) => (
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
