/**
 * /discounted (deals): goods sold below their selling price, under the activity running now (its
 * title, description and dates as the server has them; nothing when none runs).
 */

import { ltrUnbroken } from '../../lib/bidi.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { useActivity, useCategoryTree } from './catalogue-queries.ts';
import { GoodsBrowser } from './components/goods-browser.tsx';
import './catalogue.css';

export default function DiscountedPage() {
  const { t } = useTranslation('catalogue');
  const tree = useCategoryTree();
  const activity = useActivity().data;
  return (
    <div className="container catalogue-page">
      <h1 className="page-title">{t('titles.deals')}</h1>
      <GoodsBrowser base={{ type: 'discount' }} categoryFilter categories={tree.data} storeFilter>
        {activity && (
          <section className="activity" aria-labelledby="activity-title">
            <img src={activity.imgUrl} alt="" width={1200} height={400} />
            <div>
              {/* The operator's words, in whatever language they wrote them. */}
              <h2 id="activity-title" dir="auto">
                {activity.title}
              </h2>
              <p dir="auto">{activity.description}</p>
              <p className="muted">
                {t('deals.period', {
                  start: ltrUnbroken(toLocalTime(activity.startTime)),
                  end: ltrUnbroken(toLocalTime(activity.endTime)),
                })}
              </p>
            </div>
          </section>
        )}
      </GoodsBrowser>
    </div>
  );
}
