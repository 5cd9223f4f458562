/**
 * /information (news): the activity running now (from the server, when there is one) and the
 * mall's news as the brand publishes it (the `news` page of the static pages, in the page language).
 * No invented headlines: what is shown is what the operator wrote.
 */
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/list-states.tsx';
import { ltrUnbroken } from '../../lib/bidi.ts';
import { currentBrand } from '../../lib/brand.ts';
import { catalogueKeys, fetchActivity } from '../../lib/catalogue-api.ts';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import './news.css';

interface NewsItem {
  h: string;
  p: string;
}

export default function InformationPage() {
  const { t } = useTranslation(['catalogue', 'pages']);
  const brand = currentBrand();
  const activity = useQuery({ queryKey: catalogueKeys.activity, queryFn: fetchActivity, staleTime: 60_000 });
  const news = t('news', { ns: 'pages', returnObjects: true, brand: brand.name, mail: brand.supportMail });
  const items = Array.isArray(news) ? (news as NewsItem[]) : [];

  return (
    <div className="container news-page">
      <h1>{t('news.title')}</h1>
      {activity.isError && <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />}
      {activity.data && (
        <article className="news-activity" aria-labelledby="news-activity-title">
          <img src={activity.data.imgUrl} alt="" width={1200} height={400} />
          <div className="news-activity-body">
            <p className="news-label">{t('news.now')}</p>
            <h2 id="news-activity-title" dir="auto">
              {activity.data.title}
            </h2>
            <p dir="auto">{activity.data.description}</p>
            <p className="muted">
              {t('deals.period', {
                start: ltrUnbroken(toLocalTime(activity.data.startTime)),
                end: ltrUnbroken(toLocalTime(activity.data.endTime)),
              })}
            </p>
            {activity.data.link.startsWith('/') && (
              <LangLink className="button-link" to={activity.data.link}>
                {t('news.open')}
              </LangLink>
            )}
          </div>
        </article>
      )}
      <section aria-labelledby="news-list-title" className="news-list">
        <h2 id="news-list-title">{t('news.fromBrand', { brand: brand.name })}</h2>
        {items.map((item) => (
          <article key={item.h} className="news-item">
            <h3>{item.h}</h3>
            <p>{item.p}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
