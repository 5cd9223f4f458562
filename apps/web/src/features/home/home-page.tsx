/**
 * /index (SPEC §2 home). One call (`/api/index!home.action`: categories, banners, figures, lists of
 * 12, stores 10) feeds the page: the first screen's frame (category menu, banner carousel) and the
 * goods and store blocks below it (home-rest.tsx), one chunk, so a server-rendered home page
 * hydrates in one pass (lib/preloadable.tsx). Plain components, no Mantine, and `useApiData`
 * instead of `useQuery`.
 */
import type { CategoryDto, HomeDto } from '@mall/contract';
import { Suspense } from 'react';
import { ErrorState } from '../../components/list-states.tsx';
import { apiCall } from '../../lib/api-client.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { type ApiData, useApiData } from '../../lib/use-api-data.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import HomeRest from './home-rest.tsx';
import './home.css';

export const HOME_KEY = ['catalogue', 'home'] as const;
const fetchHome = () => apiCall('/api/index!home.action', { method: 'GET' });

function CategoryMenu({ categories }: { categories: readonly CategoryDto[] }) {
  const { t } = useTranslation('shop');
  return (
    <nav className="home-categories" aria-label={t('home.categories')}>
      <h2 className="home-categories-title">{t('home.categories')}</h2>
      <ul>
        {categories.map((c) => (
          <li key={c.categoryId}>
            <LangLink to={`/classification?categoryId=${encodeURIComponent(c.categoryId)}`}>
              {/* Decorative, and mostly off screen on a phone: never ahead of the page's own files. */}
              <img src={c.iconImg} alt="" width={24} height={24} loading="lazy" fetchPriority="low" />
              <span>{c.name}</span>
            </LangLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Placeholders of the first screen's shape, so nothing jumps when the data arrives. */
function Placeholder() {
  return (
    <div className="home-placeholder" aria-busy="true">
      <div className="home-top">
        <div className="home-categories skeleton" />
        <div className="banner skeleton" />
      </div>
      <div className="home-grid-placeholder skeleton" />
    </div>
  );
}

function HomeBody({ home: { data, error, retry } }: { home: ApiData<HomeDto> }) {
  if (!data && error) return <ErrorState error={error} onRetry={retry} />;
  if (!data) return <Placeholder />;
  return (
    <>
      <div className="home-top">
        <CategoryMenu categories={data.categoryList} />
        <BannerCarousel banners={data.homeBanner} />
      </div>
      <HomeRest data={data} />
    </>
  );
}

export default function HomePage() {
  // Started here, outside the Suspense below, so the call and the texts load side by side.
  const home = useApiData(HOME_KEY, fetchHome, { staleTime: 60_000 });
  return (
    <div className="container home">
      <Suspense fallback={<Placeholder />}>
        <HomeBody home={home} />
      </Suspense>
    </div>
  );
}
