/** The store beside a product: logo, name, country, its figures, a visit link and follow. */
import type { SellerCardDto } from '@mall/contract';
import { FollowButton } from '../../../components/follow-button.tsx';
import { storePath } from '../../../lib/catalogue-links.ts';
import { formatCount } from '../../../lib/format.ts';
import { LangLink } from '../../../lib/nav.tsx';
import { useTranslation } from '../../../lib/translator/react.ts';

export function ShopCard({ seller, following }: { seller: SellerCardDto; following: boolean }) {
  const { t } = useTranslation('catalogue');
  const figures: [string, string][] = [
    [t('store.followers'), formatCount(seller.followers)],
    [t('store.sold'), formatCount(seller.soldNum)],
    [t('store.views'), formatCount(seller.viewsNum)],
    [t('store.praise'), seller.praiseRate === null ? '—' : `${seller.praiseRate}%`],
  ];
  return (
    <section className="product-section shop-card" aria-labelledby="shop-card-name">
      <div className="shop-card-head">
        <img src={seller.logo} alt="" width={56} height={56} loading="lazy" />
        <div>
          <h2 id="shop-card-name">
            <bdi>{seller.name}</bdi>
          </h2>
          <p className="muted">{seller.country}</p>
        </div>
      </div>
      <dl className="shop-card-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <bdi dir="ltr">{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <div className="shop-card-actions">
        <LangLink className="visit-store" to={storePath(seller.sellerId)}>
          {t('store.visit')}
        </LangLink>
        <FollowButton sellerId={seller.sellerId} following={following} />
      </div>
    </section>
  );
}
