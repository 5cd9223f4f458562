/**
 * /store?id=<sellerId> (SPEC §2 store page): banner, logo and name, the store's figures (followers,
 * units sold, page views, praise rate, goods; all computed by the server), follow, a search inside
 * the store (`k`, which the header's "search this store" also sets), and its goods with the store's
 * own category tree, price filter, sorts and pages.
 */
import { type FormEvent, useState } from 'react';
import { FollowButton } from '../../components/follow-button.tsx';
import { ErrorState, MissingState } from '../../components/list-states.tsx';
import { usePageTitle } from '../../lib/document-title.ts';
import { formatCount } from '../../lib/format.ts';
import { LangLink } from '../../lib/nav.tsx';
import { markNotFound } from '../../lib/render-context.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';
import { useSellerInfo, useSellerTree } from './catalogue-queries.ts';
import { GoodsBrowser } from './components/goods-browser.tsx';
import './catalogue.css';
import { OriginalMark } from '../../components/original-mark.tsx';

function InStoreSearch({ keyword, onSearch }: { keyword: string; onSearch: (k: string) => void }) {
  const { t } = useTranslation('catalogue');
  const [text, setText] = useState(keyword);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="in-store-search">
      <form onSubmit={submit}>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder={t('store.searchPlaceholder')}
          aria-label={t('store.searchPlaceholder')}
          maxLength={100}
        />
        <button type="submit" className="small-button">
          {t('store.search')}
        </button>
        {keyword && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            {t('store.clearSearch')}
          </button>
        )}
      </form>
    </search>
  );
}

export default function StorePage() {
  const { t } = useTranslation('catalogue');
  const [params, update] = useUrlParams();
  const sellerId = params.get('id') ?? params.get('sellerId') ?? '';
  const keyword = params.get('k')?.trim() ?? '';
  const info = useSellerInfo(sellerId);
  const tree = useSellerTree(sellerId);
  const store = info.data;
  usePageTitle(store?.name, 'routes.store');

  if (!sellerId || (info.isError && !store)) {
    if (!sellerId) markNotFound();
    return (
      <div className="container catalogue-page">
        {sellerId ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <MissingState errorKey="SELLER_NOT_FOUND" />
        )}
        <p className="center">
          <LangLink to="/index">{t('common.home')}</LangLink>
        </p>
      </div>
    );
  }

  const figures: [string, string][] = store
    ? [
        [t('store.followers'), formatCount(store.followers)],
        [t('store.sold'), formatCount(store.soldNum)],
        [t('store.views'), formatCount(store.viewsNum)],
        [t('store.praise'), store.praiseRate === null ? '—' : `${store.praiseRate}%`],
        [t('store.goods'), formatCount(store.goodsCount)],
      ]
    : [];

  return (
    <div className="container catalogue-page">
      <section className="store-hero" aria-busy={!store}>
        {store ? (
          <img
            className="store-banner"
            src={store.banner}
            alt=""
            width={1200}
            height={300}
            fetchPriority="high"
          />
        ) : (
          <div className="store-banner skeleton" />
        )}
        <div className="store-head">
          {store ? (
            <img className="store-logo" src={store.logo} alt="" width={96} height={96} />
          ) : (
            <span className="store-logo skeleton" />
          )}
          <div className="store-title">
            <h1>{store ? <bdi>{store.name}</bdi> : <span className="skeleton skeleton-line" />}</h1>
            {store && (
              <p className="muted">
                {store.country}
                {store.recommend && <span className="store-tag">{t('store.recommended')}</span>}
              </p>
            )}
          </div>
          {store && <FollowButton sellerId={store.sellerId} following={store.isFocus} />}
        </div>
        {store && (
          <dl className="store-figures">
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  <bdi dir="ltr">{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {store?.description && (
          <p className="store-description" dir="auto">
            {store.description}
          </p>
        )}
        {store && <OriginalMark lang={store.originalLang} />}
      </section>
      <GoodsBrowser
        key={`${sellerId}|${keyword}`}
        base={{ sellerId, keyword: keyword || undefined }}
        categoryFilter
        categoryCounts={!keyword}
        categories={tree.data}
        allLabel={t('store.allGoods')}
      >
        <div className="store-search-row">
          <h2 className="section-title">
            {keyword ? (
              <>
                {t('search.resultsFor')} <bdi>{keyword}</bdi>
              </>
            ) : (
              t('store.goodsTitle')
            )}
          </h2>
          <InStoreSearch
            key={keyword}
            keyword={keyword}
            onSearch={(k) => update({ k: k || null, page: null, categoryId: null })}
          />
        </div>
      </GoodsBrowser>
    </div>
  );
}
