/**
 * A store card (home's recommended stores, store search, followed stores): logo, name, country and
 * its figures, all computed by the server from rows (followers, units sold, praise rate, goods).
 */
import type { SellerCardDto } from '@mall/contract';
import type { ReactNode } from 'react';
import { storePath } from '../lib/catalogue-links.ts';
import { formatCount } from '../lib/format.ts';
import { LangLink } from '../lib/nav.tsx';
import { useTranslation } from '../lib/translator/react.ts';
import './catalogue-cards.css';

export function StoreCard({ store, children }: { store: SellerCardDto; children?: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <li className="store-card">
      <LangLink to={storePath(store.sellerId)} className="store-card-link">
        <img src={store.logo} alt="" width={64} height={64} loading="lazy" decoding="async" />
        <span className="store-card-title">
          <span className="store-card-name" dir="auto">
            {store.name}
          </span>
          <span className="store-card-country">{store.country}</span>
        </span>
      </LangLink>
      <dl className="store-card-stats">
        <div>
          <dt>{t('store.followers')}</dt>
          <dd>
            <bdi dir="ltr">{formatCount(store.followers)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('store.sold')}</dt>
          <dd>
            <bdi dir="ltr">{formatCount(store.soldNum)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('store.praise')}</dt>
          <dd>
            <bdi dir="ltr">{store.praiseRate === null ? '—' : `${store.praiseRate}%`}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('store.goods')}</dt>
          <dd>
            <bdi dir="ltr">{formatCount(store.goodsCount)}</bdi>
          </dd>
        </div>
      </dl>
      {children}
    </li>
  );
}

export function StoreGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="store-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be told apart by
        <li key={i} className="store-card is-skeleton">
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line is-short" />
        </li>
      ))}
    </ul>
  );
}
