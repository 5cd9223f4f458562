/**
 * Reviews of a goods: the counts by rating (good, medium, bad, with pictures) as filters, the
 * favourable rate, and the reviews themselves, newest first, 20 a page, pictures enlarged in a
 * native dialog.
 */
import { CATALOGUE_PAGE_SIZES, type ReviewCountsDto } from '@mall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { EmptyState, ErrorState } from '../../../components/list-states.tsx';
import { OriginalMark } from '../../../components/original-mark.tsx';
import { Pager } from '../../../components/pager.tsx';
import { catalogueKeys, fetchReviews } from '../../../lib/catalogue-api.ts';
import { formatCount } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { toLocalTime } from '../../../lib/wire-time.ts';

type Filter = 'all' | 'good' | 'medium' | 'bad' | 'images';
const TYPE: Record<Filter, number> = { all: 0, good: 1, medium: 2, bad: 3, images: 0 };
const RATING_KEY = { 1: 'good', 2: 'medium', 3: 'bad' } as const;
const PAGE_SIZE = CATALOGUE_PAGE_SIZES.reviews;

export function Reviews({ sellerGoodsId, counts }: { sellerGoodsId: string; counts: ReviewCountsDto }) {
  const { t } = useTranslation('catalogue');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [picture, setPicture] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const top = useRef<HTMLElement>(null);
  const type = TYPE[filter];
  const withImages = filter === 'images';
  const reviews = useQuery({
    queryKey: catalogueKeys.reviews(sellerGoodsId, type, withImages, page),
    queryFn: () => fetchReviews(sellerGoodsId, type, withImages, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const tabs: [Filter, number][] = [
    ['all', counts.total],
    ['good', counts.good],
    ['medium', counts.medium],
    ['bad', counts.bad],
    ['images', counts.withImages],
  ];

  return (
    <section className="product-section reviews" aria-labelledby="reviews-title" ref={top}>
      <header className="reviews-head">
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        <p className="reviews-rate">
          {counts.favourableRate === null ? (
            t('reviews.noRate')
          ) : (
            <>
              <bdi dir="ltr" className="reviews-rate-value">
                {counts.favourableRate}%
              </bdi>{' '}
              {t('reviews.favourable')}
            </>
          )}
        </p>
      </header>
      <fieldset className="list-tabs">
        <legend className="visually-hidden">{t('reviews.filter')}</legend>
        {tabs.map(([key, n]) => (
          <button
            type="button"
            key={key}
            aria-pressed={key === filter}
            onClick={() => {
              setFilter(key);
              setPage(1);
            }}
          >
            {t(`reviews.tab.${key}`)} <bdi dir="ltr">({formatCount(n)})</bdi>
          </button>
        ))}
      </fieldset>
      {reviews.isError && !reviews.data ? (
        <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : !reviews.data ? (
        <div className="review skeleton" aria-busy="true" />
      ) : reviews.data.pageList.length === 0 ? (
        <EmptyState title={t('reviews.empty')} />
      ) : (
        <ol className="review-list" aria-busy={reviews.isFetching || undefined}>
          {reviews.data.pageList.map((r) => (
            <li key={r.evaluationId} className="review">
              <div className="review-meta">
                <bdi className="review-user">{r.userName}</bdi>
                <span className={`review-rating is-${RATING_KEY[r.evaluationType]}`}>
                  {t(`reviews.rating.${RATING_KEY[r.evaluationType]}`)}
                </span>
                <bdi dir="ltr" className="muted">
                  {toLocalTime(r.createTime)}
                </bdi>
              </div>
              {r.attrName && (
                <p className="muted review-spec">
                  {t('reviews.spec')} <bdi>{r.attrName}</bdi>
                </p>
              )}
              <p className="review-text" dir="auto">
                {r.content}
              </p>
              {r.content && <OriginalMark lang={r.originalLang} />}
              {r.imgUrls.length > 0 && (
                <ul className="review-images">
                  {r.imgUrls.map((url, i) => (
                    <li key={url}>
                      <button
                        type="button"
                        onClick={() => {
                          setPicture(url);
                          dialog.current?.showModal();
                        }}
                        aria-label={t('reviews.picture', { n: i + 1 })}
                      >
                        <img src={url} alt="" width={72} height={72} loading="lazy" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {reviews.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={reviews.data.pageInfo.total}
          onPage={(p) => {
            setPage(p);
            top.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; Escape and Close are the keyboard ways */}
      <dialog
        ref={dialog}
        className="gallery-dialog"
        aria-label={t('reviews.title')}
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        {picture && <img src={picture} alt="" width={400} height={400} />}
        <div className="gallery-dialog-bar">
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('gallery.close')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
