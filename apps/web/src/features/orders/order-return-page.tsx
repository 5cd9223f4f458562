/**
 * /userInfo/order-return?orderId=: a refund before shipping or a return within the window after
 * receipt (SPEC §4): one of the nine after-sales reasons, the amount (everything still refundable
 * at first, never more), a remark and up to nine pictures. No submit while a picture is uploading.
 */

import { ORDER_STATUS, REFUND_STATUS } from '@mall/contract';
import { Button, Textarea, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { currencyMark } from '../../lib/currency.ts';
import { errorText, failureText } from '../../lib/errors.ts';
import { moneyInText, moneyUnits } from '../../lib/money-text.ts';
import { LangLink, useLangNavigate } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useLocation } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { useOrderDetail, useRequestReturn } from './api/orders-api.ts';
import { ImagePicker } from './components/image-picker.tsx';
import { Money } from './components/money.tsx';
import { OrderItems } from './components/order-items.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import { AFTER_SALES_REASONS, afterSalesKind, refundableText, wireMs } from './lib/order-rules.ts';
import './orders-styles.ts';

const S = ORDER_STATUS;

export default function OrderReturnPage() {
  const { t } = useTranslation('orders');
  const { search } = useLocation();
  const orderId = new URLSearchParams(search).get('orderId') ?? undefined;
  const detail = useOrderDetail(orderId);
  const order = detail.data;

  if (!orderId || detail.isError) {
    return (
      <div className="orders-page">
        <div className="orders-panel orders-state">
          <h1>{t('return.title')}</h1>
          <p>{detail.error ? failureText(detail.error) : t('detail.notFound')}</p>
          <LangLink className="button-link" to="/userInfo/my-order">
            {t('detail.back')}
          </LangLink>
        </div>
      </div>
    );
  }
  if (!order) return <div className="page-loading" aria-busy="true" />;

  const kind = afterSalesKind(order);
  const refundable = refundableText(order);
  const until = wireMs(order.returnDeadline);
  const open =
    order.refundStatus !== REFUND_STATUS.refunding &&
    (([S.paid, S.stocking] as number[]).includes(order.status) ||
      (([S.received, S.reviewed] as number[]).includes(order.status) &&
        until !== undefined &&
        Date.now() < until)) &&
    (moneyUnits(refundable) ?? 0n) > 0n;

  return (
    <div className="orders-page order-return-page">
      <header className="orders-page-head">
        <h1>{t(`return.${kind}.title`)}</h1>
        <LangLink to={`/userInfo/order-detail?orderId=${encodeURIComponent(order.id)}`}>
          {t('return.backToOrder')}
        </LangLink>
      </header>
      <section className="orders-panel" aria-labelledby="return-order-title">
        <div className="orders-panel-head">
          <h2 id="return-order-title">
            <bdi className="orders-store">{order.sellerName}</bdi>
          </h2>
          <StatusBadge order={order} />
        </div>
        <p className="muted orders-small">
          {t('card.serial')}{' '}
          <bdi dir="ltr" className="orders-serial">
            {order.serialNo}
          </bdi>{' '}
          · {t('detail.paidAmount')} <Money value={order.paidAmount} />
        </p>
        <OrderItems items={order.items} />
      </section>
      {open ? (
        <ReturnForm orderId={order.id} kind={kind} refundable={refundable} />
      ) : (
        <div className="orders-panel orders-state">
          <p>
            {order.refundStatus === REFUND_STATUS.refunding
              ? errorText('REFUND_IN_PROGRESS')
              : order.status === S.shipped
                ? errorText('REFUND_AFTER_SHIPPING')
                : ([S.received, S.reviewed] as number[]).includes(order.status)
                  ? errorText('RETURN_WINDOW_CLOSED')
                  : errorText('ORDER_STATUS_INVALID')}
          </p>
          <LangLink
            className="button-link"
            to={`/userInfo/order-detail?orderId=${encodeURIComponent(order.id)}`}
          >
            {t('return.backToOrder')}
          </LangLink>
        </div>
      )}
    </div>
  );
}

function ReturnForm({
  orderId,
  kind,
  refundable,
}: {
  orderId: string;
  kind: 'refund' | 'return';
  refundable: string;
}) {
  const { t } = useTranslation('orders');
  const navigate = useLangNavigate();
  const name = useId();
  const [reason, setReason] = useState<number | undefined>();
  const [amount, setAmount] = useState(refundable);
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<{ urls: string[]; uploading: boolean }>({
    urls: [],
    uploading: false,
  });
  const [problems, setProblems] = useState<{ reason?: string; amount?: string; form?: string }>({});
  const request = useRequestReturn();

  const submit = () => {
    if (images.uploading) {
      const text = errorText('PHOTOS_UPLOADING');
      setProblems({ form: text });
      notify(text);
      return;
    }
    const next: typeof problems = {};
    if (reason === undefined) next.reason = t('return.reasonRequired');
    const units = moneyUnits(amount.trim());
    if (units === undefined || units <= 0n) next.amount = errorText('AMOUNT_FORMAT');
    else if (units > (moneyUnits(refundable) ?? 0n)) next.amount = errorText('RETURN_AMOUNT_TOO_HIGH');
    setProblems(next);
    if (next.reason || next.amount || reason === undefined) return;
    request.mutate(
      { orderId, reason, amount: amount.trim(), remark: remark.trim(), images: images.urls },
      {
        onSuccess: () => {
          notify(t(`return.${kind}.done`), 'success');
          navigate(`/userInfo/order-detail?orderId=${encodeURIComponent(orderId)}`);
        },
        onError: (error) => setProblems({ form: failureText(error) }),
      },
    );
  };

  return (
    <form
      className="orders-panel orders-form"
      aria-labelledby={`${name}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id={`${name}-title`}>{t(`return.${kind}.form`)}</h2>
      <p className="muted orders-small">{t(`return.${kind}.intro`)}</p>
      <label className="orders-field">
        <span className="orders-label">
          {t('return.reason')}{' '}
          <span className="orders-required" aria-hidden="true">
            *
          </span>
        </span>
        <select
          className="orders-select"
          value={reason ?? ''}
          onChange={(event) =>
            setReason(event.currentTarget.value === '' ? undefined : Number(event.currentTarget.value))
          }
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={problems.reason ? `${name}-reason` : undefined}
          required
        >
          <option value="">{t('return.choose')}</option>
          {AFTER_SALES_REASONS.map((key, code) => (
            <option key={key} value={code}>
              {t(`reasons.${key}`)}
            </option>
          ))}
        </select>
        {problems.reason && (
          <span className="orders-error" id={`${name}-reason`} role="alert">
            {problems.reason}
          </span>
        )}
      </label>
      <TextInput
        label={t('return.amount')}
        description={t('return.amountHint', { max: moneyInText(refundable) })}
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value.replace(/[^\d.]/g, '').slice(0, 24))}
        inputMode="decimal"
        dir="ltr"
        rightSection={<span className="orders-unit">{currencyMark()}</span>}
        rightSectionWidth={56}
        className="orders-amount-input"
        error={problems.amount}
        required
      />
      <Textarea
        label={t('return.remark')}
        placeholder={t('return.remarkPlaceholder')}
        value={remark}
        onChange={(event) => setRemark(event.currentTarget.value.slice(0, 500))}
        autosize
        minRows={3}
        maxRows={6}
        description={t('common.chars', { count: remark.length, max: 500 })}
      />
      <ImagePicker label={t('return.images')} onChange={setImages} />
      {problems.form && (
        <p className="orders-error" role="alert">
          {problems.form}
        </p>
      )}
      <div className="orders-form-actions">
        <Button type="submit" loading={request.isPending}>
          {images.uploading ? t('images.waiting') : t(`return.${kind}.submit`)}
        </Button>
      </div>
    </form>
  );
}
