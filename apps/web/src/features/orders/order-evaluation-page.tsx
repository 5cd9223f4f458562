/**
 * /userInfo/order-evaluation?orderId=: reviewing a received order (SPEC §3): the whole order at
 * once or each line on its own, a rating (good, medium, bad), a text of up to 500 characters and up
 * to nine pictures. No submit while a picture is uploading.
 */
import { ORDER_STATUS, type OrderItemDto, type ReviewRating } from '@mall/contract';
import { Button, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { errorText, failureText } from '../../lib/errors.ts';
import { LangLink } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useLocation } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { useOrderDetail, useReviewOrder } from './api/orders-api.ts';
import { ImagePicker } from './components/image-picker.tsx';
import { OrderItems } from './components/order-items.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import './orders-styles.ts';

const RATINGS: readonly ReviewRating[] = ['good', 'medium', 'bad'];
const CONTENT_MAX = 500;

function ReviewForm({
  orderId,
  item,
  onDone,
}: {
  orderId: string;
  /** One line; absent reviews every line not reviewed yet. */
  item?: OrderItemDto;
  onDone(): void;
}) {
  const { t } = useTranslation('orders');
  const name = useId();
  const [rating, setRating] = useState<ReviewRating>('good');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<{ urls: string[]; uploading: boolean }>({
    urls: [],
    uploading: false,
  });
  const [problems, setProblems] = useState<{ content?: string; form?: string }>({});
  const review = useReviewOrder();

  const submit = () => {
    if (images.uploading) {
      const text = errorText('PHOTOS_UPLOADING');
      setProblems({ form: text });
      notify(text);
      return;
    }
    if (content.trim().length === 0) {
      setProblems({ content: t('review.contentRequired') });
      return;
    }
    setProblems({});
    review.mutate(
      {
        orderId,
        ...(item ? { itemId: item.id } : {}),
        rating,
        content: content.trim(),
        images: images.urls,
      },
      {
        onSuccess: () => {
          notify(t('review.done'), 'success');
          onDone();
        },
        onError: (error) => setProblems({ form: failureText(error) }),
      },
    );
  };

  return (
    <form
      className="orders-form orders-review-form"
      noValidate
      aria-label={item ? t('review.formFor', { name: item.name }) : t('review.formWhole')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {item && <OrderItems items={[item]} />}
      <fieldset className="orders-ratings">
        <legend className="orders-label">{t('review.rating')}</legend>
        {RATINGS.map((r) => (
          <label key={r} className="orders-rating" data-rating={r} data-checked={rating === r || undefined}>
            <input type="radio" name={name} value={r} checked={rating === r} onChange={() => setRating(r)} />
            <span>{t(`review.ratings.${r}`)}</span>
          </label>
        ))}
      </fieldset>
      <Textarea
        label={t('review.content')}
        placeholder={t('review.contentPlaceholder')}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value.slice(0, CONTENT_MAX))}
        autosize
        minRows={3}
        maxRows={8}
        required
        error={problems.content}
        description={t('common.chars', { count: content.length, max: CONTENT_MAX })}
      />
      <ImagePicker label={t('review.images')} onChange={setImages} />
      {problems.form && (
        <p className="orders-error" role="alert">
          {problems.form}
        </p>
      )}
      <div className="orders-form-actions">
        <Button type="submit" loading={review.isPending}>
          {images.uploading ? t('images.waiting') : t('review.submit')}
        </Button>
      </div>
    </form>
  );
}

export default function OrderEvaluationPage() {
  const { t } = useTranslation('orders');
  const { search } = useLocation();
  const orderId = new URLSearchParams(search).get('orderId') ?? undefined;
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  const [mode, setMode] = useState<'whole' | 'each'>('whole');
  const modeName = useId();

  if (!orderId || detail.isError) {
    return (
      <div className="orders-page">
        <div className="orders-panel orders-state">
          <h1>{t('review.title')}</h1>
          <p>{detail.error ? failureText(detail.error) : t('detail.notFound')}</p>
          <LangLink className="button-link" to="/userInfo/my-order">
            {t('detail.back')}
          </LangLink>
        </div>
      </div>
    );
  }
  if (!order) return <div className="page-loading" aria-busy="true" />;

  const open = order.items.filter((i) => !i.reviewed);
  const detailLink = `/userInfo/order-detail?orderId=${encodeURIComponent(order.id)}`;
  const reviewable = order.status === ORDER_STATUS.received && open.length > 0;

  return (
    <div className="orders-page order-evaluation-page">
      <header className="orders-page-head">
        <h1>{t('review.title')}</h1>
        <LangLink to={detailLink}>{t('return.backToOrder')}</LangLink>
      </header>
      <section className="orders-panel" aria-labelledby="review-order-title">
        <div className="orders-panel-head">
          <h2 id="review-order-title">
            <bdi className="orders-store">{order.sellerName}</bdi>
          </h2>
          <StatusBadge order={order} />
        </div>
        <p className="muted orders-small">
          {t('card.serial')}{' '}
          <bdi dir="ltr" className="orders-serial">
            {order.serialNo}
          </bdi>
        </p>
        {mode === 'whole' || !reviewable ? <OrderItems items={order.items} /> : null}
      </section>
      {!reviewable ? (
        <div className="orders-panel orders-state">
          <p>
            {order.status === ORDER_STATUS.reviewed || open.length === 0
              ? t('review.allDone')
              : errorText('ORDER_STATUS_INVALID')}
          </p>
          <div className="orders-state-actions">
            <LangLink className="button-link" to={detailLink}>
              {t('return.backToOrder')}
            </LangLink>
            <LangLink to="/userInfo/my-order">{t('detail.back')}</LangLink>
          </div>
        </div>
      ) : (
        <section className="orders-panel" aria-labelledby="review-form-title">
          <h2 id="review-form-title">{t('review.formTitle')}</h2>
          {open.length > 1 && (
            <fieldset className="orders-modes">
              <legend className="visually-hidden">{t('review.mode')}</legend>
              {(['whole', 'each'] as const).map((m) => (
                <label key={m} className="orders-mode" data-checked={mode === m || undefined}>
                  <input type="radio" name={modeName} checked={mode === m} onChange={() => setMode(m)} />
                  <span>{t(`review.modes.${m}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {mode === 'whole' || open.length === 1 ? (
            <ReviewForm key="whole" orderId={order.id} onDone={() => void detail.refetch()} />
          ) : (
            open.map((item) => (
              <ReviewForm key={item.id} orderId={order.id} item={item} onDone={() => void detail.refetch()} />
            ))
          )}
        </section>
      )}
    </div>
  );
}
