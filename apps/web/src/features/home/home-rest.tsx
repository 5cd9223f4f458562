/**
 * The home blocks after the banner (home-page.tsx): the marketing figures (counted by the server),
 * recommended goods, recommended stores and their best sellers, daily new arrivals, hot sales,
 * recommended categories, deals, and "guess you like" (pages of 10, fetched when it comes near the
 * viewport).
 */
import type { HomeDto } from '@mall/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { GoodsCard, GoodsGrid, GoodsGridSkeleton } from '../../components/goods-card.tsx';
import { EmptyState, ErrorState } from '../../components/list-states.tsx';
import { StoreCard } from '../../components/store-card.tsx';
import { catalogueKeys, fetchGuessLike, fetchRecommendCategories } from '../../lib/catalogue-api.ts';
import { categoryPath } from '../../lib/catalogue-links.ts';
import { formatCount } from '../../lib/format.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useSession } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { GoodsSection, Section } from './home-section.tsx';

const LIKE_PAGE_SIZE = 10;

/** True once the element has come within a screen of the viewport (then stays true). */
function useNear<T extends Element>(): [boolean, RefObject<T | null>] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [near, ref];
}

function RecommendedCategories() {
  const { t } = useTranslation('shop');
  const [near, ref] = useNear<HTMLElement>();
  const { data, error, retry } = useApiData(catalogueKeys.recommendCategories, fetchRecommendCategories, {
    enabled: near,
    staleTime: 60_000,
  });
  if (data?.length === 0) return null;
  return (
    <Section id="home-rec-categories" title={t('home.recommendedCategories')} sectionRef={ref}>
      {error ? (
        <ErrorState error={error} onRetry={retry} />
      ) : (
        <ul className="home-category-tiles" aria-busy={!data}>
          {(data ?? []).map((c) => (
            <li key={c.categoryId}>
              <LangLink to={categoryPath(c.categoryId)}>
                <img src={c.iconImg} alt="" width={56} height={56} loading="lazy" />
                <span>{c.name}</span>
                <small>{t('home.goodsCount', { n: formatCount(c.goodsCount) })}</small>
              </LangLink>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** One page of "guess you like", as cards inside the shared grid. */
function LikePage({ page, user, onTotal }: { page: number; user: string; onTotal: (n: number) => void }) {
  const { data, error, retry } = useApiData(catalogueKeys.like(page, user), () =>
    fetchGuessLike(page, LIKE_PAGE_SIZE),
  );
  useEffect(() => {
    if (data) onTotal(data.pageInfo.total);
  }, [data, onTotal]);
  if (error)
    return (
      <li className="home-like-error">
        <ErrorState error={error} onRetry={retry} />
      </li>
    );
  if (!data)
    return Array.from({ length: LIKE_PAGE_SIZE }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <li key={i} className="goods-card is-skeleton">
        <span className="goods-card-image skeleton" />
        <span className="skeleton skeleton-line" />
      </li>
    ));
  return data.pageList.map((g) => <GoodsCard key={g.sellerGoodsId} goods={g} />);
}

function GuessYouLike() {
  const { t } = useTranslation('shop');
  const user = useSession()?.user?.usercode ?? '';
  const [near, ref] = useNear<HTMLElement>();
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState<number | null>(null);
  return (
    <Section id="home-like" title={t('home.guessYouLike')} sectionRef={ref}>
      {near ? (
        <ul className="goods-grid" aria-label={t('home.guessYouLike')}>
          {Array.from({ length: pages }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the page number
            <LikePage key={`${user}:${i + 1}`} page={i + 1} user={user} onTotal={setTotal} />
          ))}
        </ul>
      ) : (
        <GoodsGridSkeleton count={LIKE_PAGE_SIZE} />
      )}
      {total === 0 && <EmptyState />}
      {total !== null && pages * LIKE_PAGE_SIZE < total && (
        <p className="home-load-more">
          <button type="button" className="button-link" onClick={() => setPages((p) => p + 1)}>
            {t('home.loadMore')}
          </button>
        </p>
      )}
    </Section>
  );
}

export default function HomeRest({ data }: { data: HomeDto }) {
  const { t } = useTranslation('shop');
  return (
    <>
      <p className="home-figures">
        <span>
          {t('home.figures', { goods: formatCount(data.goodsCount), stores: formatCount(data.sellerCount) })}
        </span>
        {data.downAppUrl && (
          <a href={data.downAppUrl} target="_blank" rel="noopener noreferrer">
            {t('home.getApp')}
          </a>
        )}
      </p>
      <GoodsSection
        id="home-recommended"
        title={t('home.recommended')}
        more="/commodity?type=recommend"
        list={data.recommendList}
      />
      {data.merchantList.pageList.length > 0 && (
        <Section id="home-stores" title={t('home.recommendedStores')} more="/searchStore">
          <ul className="store-grid">
            {data.merchantList.pageList.map((s) => (
              <StoreCard key={s.sellerId} store={s} />
            ))}
          </ul>
          {data.merchantGoodsList.pageList.length > 0 && (
            <>
              <h3 className="home-subtitle">{t('home.storeBestSellers')}</h3>
              <GoodsGrid goods={data.merchantGoodsList.pageList} label={t('home.storeBestSellers')} />
            </>
          )}
        </Section>
      )}
      <GoodsSection
        id="home-new"
        title={t('home.newArrivals')}
        more="/commodity?type=new"
        list={data.newList}
      />
      <GoodsSection
        id="home-hot"
        title={t('home.hotSales')}
        more="/commodity?type=hot"
        list={data.sellerGoodsList}
      />
      <RecommendedCategories />
      <GoodsSection id="home-deals" title={t('home.deals')} more="/discounted" list={data.bottomList} />
      <GuessYouLike />
    </>
  );
}
