import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client.ts';
import { currentBrand } from '../../lib/brand.ts';
import { useParams } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { StaticPage } from './static-page.tsx';

/** App download for buyers or sellers; links come from the brand's own configuration. */
export default function DownloadPage() {
  const { t } = useTranslation();
  const seller = useParams().audience === 'seller';
  const brand = currentBrand();
  const urls = useQuery({
    queryKey: ['download-url', brand.key],
    queryFn: () => apiCall('/api/index!download-url.action', { method: 'POST' }),
    staleTime: 60_000,
  });
  const href = seller
    ? (urls.data?.sellerAppUrl ?? brand.sellerAppUrl)
    : (urls.data?.buyerAppUrl ?? brand.buyerAppUrl);
  return (
    <StaticPage key={seller ? 'seller' : 'buyer'} page={seller ? 'appSeller' : 'appBuyer'}>
      <section className="download-box">
        <h2>{t(seller ? 'download.sellerTitle' : 'download.buyerTitle')}</h2>
        <a className="button-link" href={href} target="_blank" rel="noopener noreferrer">
          {t('download.get')}
        </a>
        <p className="muted">{t('download.scanHint')}</p>
        <p className="muted" dir="ltr">
          {href}
        </p>
      </section>
    </StaticPage>
  );
}
