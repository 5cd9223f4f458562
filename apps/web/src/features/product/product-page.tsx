/**
 * /productDetails?sellerGoodsId=<id> (SPEC §2 product detail): gallery with zoom, price, the
 * specifications with their own price and stock, quantity within buyMin..maxBuy, add to cart, buy
 * now, favourite; freight (dispatch + distance + delivery) and shipping tips; the shop card with
 * visit and follow; description and details; reviews with good/medium/bad counts and pictures; more
 * from the store. A goods taken off the shelf says so (the server's PRODUCT_OFF_SHELF).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { GoodsGrid } from '../../components/goods-card.tsx';
import { ErrorState, MissingState } from '../../components/list-states.tsx';
import { Price } from '../../components/price.tsx';
import { apiCall } from '../../lib/api-client.ts';
import { setMaxBuy } from '../../lib/cart.ts';
import { catalogueKeys, fetchGoods, fetchGoodsInfo } from '../../lib/catalogue-api.ts';
import { categoryPath, storePath } from '../../lib/catalogue-links.ts';
import { usePageTitle } from '../../lib/document-title.ts';
import { formatCount } from '../../lib/format.ts';
import { LangLink } from '../../lib/nav.tsx';
import { markNotFound } from '../../lib/render-context.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { Gallery } from './components/gallery.tsx';
import { PurchasePanel } from './components/purchase-panel.tsx';
import { Reviews } from './components/reviews.tsx';
import { ShopCard } from './components/shop-card.tsx';
import './product.css';
import { OriginalMark } from '../../components/original-mark.tsx';

const MAX_BUY_CODE = 'mall_max_goods_number_in_order';

/** The mall's largest quantity per line (a param), kept for the cart as `maxBuy`. */
function useMaxBuyParam() {
  const param = useQuery({
    queryKey: ['params', MAX_BUY_CODE],
    queryFn: () => apiCall('/api/get/params', { params: { code: MAX_BUY_CODE } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const value = param.data?.[MAX_BUY_CODE];
  useEffect(() => {
    if (value) setMaxBuy(Number(value));
  }, [value]);
  return param.isSuccess || param.isError;
}

function MoreFromStore({ sellerId, except }: { sellerId: string; except: string }) {
  const { t } = useTranslation('catalogue');
  const query = { sellerId, sort: 'sales' as const, pageNum: 1, pageSize: 7 };
  const more = useQuery({
    queryKey: catalogueKeys.goods(query),
    queryFn: () => fetchGoods(query),
    staleTime: 30_000,
  });
  const goods = more.data?.pageList.filter((g) => g.sellerGoodsId !== except).slice(0, 6);
  if (goods?.length === 0 || more.isError) return null;
  return (
    <section className="product-section" aria-labelledby="more-title">
      <header className="product-section-head">
        <h2 id="more-title">{t('product.moreFromStore')}</h2>
        <LangLink to={storePath(sellerId)}>{t('store.visit')}</LangLink>
      </header>
      <GoodsGrid goods={goods} loading={!goods} count={6} />
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="container product-page" aria-busy="true">
      <div className="product-top">
        <div className="gallery-main skeleton" />
        <div>
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line is-short" />
          <span className="skeleton product-skeleton-box" />
        </div>
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { t } = useTranslation('catalogue');
  const [params] = useUrlParams();
  const sellerGoodsId = params.get('sellerGoodsId') ?? params.get('id') ?? '';
  const maxBuyKnown = useMaxBuyParam();
  const info = useQuery({
    queryKey: catalogueKeys.goodsInfo(sellerGoodsId),
    queryFn: () => fetchGoodsInfo(sellerGoodsId),
    enabled: sellerGoodsId !== '',
    staleTime: 10_000,
    retry: false,
  });
  const goods = info.data;
  usePageTitle(goods?.name, 'routes.productDetails');

  if (!sellerGoodsId || (info.isError && !goods)) {
    if (!sellerGoodsId) markNotFound();
    return (
      <div className="container product-page">
        {sellerGoodsId ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <MissingState errorKey="PRODUCT_NOT_FOUND" />
        )}
        <p className="product-back">
          <LangLink className="button-link" to="/index">
            {t('common.home')}
          </LangLink>
        </p>
      </div>
    );
  }
  if (!goods || !maxBuyKnown) return <ProductSkeleton />;

  const images = goods.images.length > 0 ? goods.images : [{ imgUrl: goods.imgUrl1, zoomImg: goods.zoomImg }];
  const freightParts: [string, string][] = [
    [t('freight.dispatch'), goods.freight.dispatchFee],
    [t('freight.distance'), goods.freight.distanceFee],
    [t('freight.delivery'), goods.freight.deliveryFee],
  ];

  return (
    <div className="container product-page">
      <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
        <ol>
          <li>
            <LangLink to="/index">{t('common.home')}</LangLink>
          </li>
          <li>
            <LangLink to={categoryPath(goods.categoryId)}>{goods.categoryName}</LangLink>
          </li>
          <li aria-current="page" className="breadcrumbs-current">
            <bdi>{goods.name}</bdi>
          </li>
        </ol>
      </nav>
      <div className="product-top">
        <Gallery images={images} name={goods.name} />
        <PurchasePanel key={goods.sellerGoodsId} goods={goods} />
      </div>
      <div className="product-body">
        <div className="product-main">
          <section className="product-section" aria-labelledby="description-title">
            <h2 id="description-title">{t('product.description')}</h2>
            <OriginalMark lang={goods.originalLang} />
            <p className="product-description" dir="auto">
              {goods.description}
            </p>
            <dl className="product-details">
              <div>
                <dt>{t('product.category')}</dt>
                <dd>{goods.categoryName}</dd>
              </div>
              <div>
                <dt>{t('product.minOrder')}</dt>
                <dd>
                  <bdi dir="ltr">{formatCount(Math.max(1, goods.buyMin))}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('product.listed')}</dt>
                <dd>
                  <bdi dir="ltr">{toLocalTime(goods.createTime)}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('product.code')}</dt>
                <dd>
                  <bdi dir="ltr" className="product-code">
                    {goods.sellerGoodsId}
                  </bdi>
                </dd>
              </div>
            </dl>
          </section>
          <Reviews sellerGoodsId={goods.sellerGoodsId} counts={goods.reviews} />
        </div>
        <aside className="product-aside">
          <ShopCard seller={goods.seller} following={goods.isFocus} />
          <section className="product-section" aria-labelledby="freight-title">
            <h2 id="freight-title">{t('freight.title')}</h2>
            <p className="freight-total">
              <Price value={goods.freight.freight} />
            </p>
            <dl className="freight-parts">
              {freightParts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>
                    <Price value={value} />
                  </dd>
                </div>
              ))}
            </dl>
            <h3>{t('freight.shippingTitle')}</h3>
            <ul className="shipping-tips">
              <li>{t('freight.shipWithin', { hours: goods.shipWithinHours })}</li>
              <li>{t('freight.returns', { days: goods.returnDays, count: goods.returnDays })}</li>
              <li>{t('freight.formula')}</li>
            </ul>
          </section>
        </aside>
      </div>
      <MoreFromStore sellerId={goods.sellerId} except={goods.sellerGoodsId} />
    </div>
  );
}
