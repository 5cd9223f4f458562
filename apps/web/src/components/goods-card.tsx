/**
 * The goods card of every list (home blocks, category browse, search, stores, favourites): image,
 * name, price with the crossed-out list price and the discount, units sold. Labels come from the
 * small `shop` namespace that the home page loads anyway. Images have their size set, so nothing
 * shifts when they arrive, and are lazy but in the first rows of a page's main list.
 */
import type { GoodsCardDto } from '@mall/contract';
import type { ReactNode } from 'react';
import { goodsPath } from '../lib/catalogue-links.ts';
import { formatCount, formatPrice, percentOff, wasPrice } from '../lib/format.ts';
import { LangLink } from '../lib/nav.tsx';
import { useTranslation } from '../lib/translator/react.ts';
import { Price } from './price.tsx';
import './catalogue-cards.css';
import { OriginalMark } from './original-mark.tsx';

export function GoodsCard({
  goods,
  eager = false,
  children,
}: {
  goods: GoodsCardDto;
  /** Load the picture at once: a card in the first rows of a page's main list is on screen. */
  eager?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('shop');
  const was = wasPrice(goods.price, goods.originalPrice);
  // The badge marks deals, measured against the crossed-out list price shown on the card.
  const off = goods.isDiscount ? percentOff(goods.price, was) : 0;
  return (
    <li className="goods-card">
      <LangLink to={goodsPath(goods.sellerGoodsId)} className="goods-card-link">
        <span className="goods-card-image">
          <img
            src={goods.imgUrl1}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
          {off > 0 && (
            <span className="goods-card-off">
              <bdi dir="ltr">-{off}%</bdi>
              <span className="visually-hidden">{t('card.off', { percent: off })}</span>
            </span>
          )}
        </span>
        {/* Its own direction (an Arabic name on an English page), so the clamp cuts at its end. */}
        <span className="goods-card-name" dir="auto">
          {goods.name}
        </span>
      </LangLink>
      <OriginalMark lang={goods.originalLang} />
      <span className="goods-card-price">
        <Price value={goods.price} className={off > 0 ? 'is-deal' : undefined} />
        {was && (
          <s className="goods-card-was">
            <span className="visually-hidden">{t('card.was')}</span>
            <bdi dir="ltr">${formatPrice(was)}</bdi>
          </s>
        )}
      </span>
      <span className="goods-card-sold">{t('card.sold', { n: formatCount(goods.soldNum) })}</span>
      {children}
    </li>
  );
}

/** Cards a list shows on its first screen: the first row at 1440 px (six), three rows on a phone. */
export const FIRST_SCREEN_CARDS = 6;

/** A grid of goods cards, or placeholders of the same size while loading. */
export function GoodsGrid({
  goods,
  loading,
  count = 12,
  label,
  eager = 0,
}: {
  goods: readonly GoodsCardDto[] | undefined;
  loading?: boolean;
  count?: number;
  label?: string;
  /**
   * How many cards load their pictures at once: a page's main list is on screen from the first
   * paint, where a lazy picture would wait for layout and be its largest paint (issue 27).
   */
  eager?: number;
}) {
  if (loading || !goods) return <GoodsGridSkeleton count={count} />;
  return (
    <ul className="goods-grid" aria-label={label}>
      {goods.map((g, i) => (
        <GoodsCard key={g.sellerGoodsId} goods={g} eager={i < eager} />
      ))}
    </ul>
  );
}

export function GoodsGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul className="goods-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be told apart by
        <li key={i} className="goods-card is-skeleton">
          <span className="goods-card-image skeleton" />
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line is-short" />
        </li>
      ))}
    </ul>
  );
}
