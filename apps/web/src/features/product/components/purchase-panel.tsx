/**
 * What a buyer decides on: price (the specification's own when chosen), specification, quantity
 * from buyMin to the mall's maximum (and the stock), then add to cart, buy now, or favourite.
 * "Buy now" puts the line in the cart, checks only it and goes to checkout.
 */
import type { GoodsInfoDto, GoodsSpecDto } from '@mall/contract';
import { useId, useState } from 'react';
import { OriginalMark } from '../../../components/original-mark.tsx';
import { Price } from '../../../components/price.tsx';
import { addToCart, cartLines, identifierOf, maxBuy, setChecked } from '../../../lib/cart.ts';
import { notifyError } from '../../../lib/errors.ts';
import { formatCount, formatPrice, percentOff, wasPrice } from '../../../lib/format.ts';
import { useKeepMutation, useSignedInOrLogin } from '../../../lib/keep-follow.ts';
import { useLangNavigate } from '../../../lib/nav.tsx';
import { notify } from '../../../lib/notify.ts';
import { useTranslation } from '../../../lib/translator/react.ts';

function priceRange(specs: readonly GoodsSpecDto[]): [string, string] | null {
  if (specs.length < 2) return null;
  const sorted = [...specs].sort((a, b) => Number(a.price) - Number(b.price));
  const low = sorted[0]!.price;
  const high = sorted.at(-1)!.price;
  return Number(low) === Number(high) ? null : [low, high];
}

export function PurchasePanel({ goods }: { goods: GoodsInfoDto }) {
  const { t } = useTranslation('catalogue');
  const navigate = useLangNavigate();
  const id = useId();
  const keep = useKeepMutation();
  const signedIn = useSignedInOrLogin();
  const [attrId, setAttrId] = useState<string | null>(() =>
    goods.specs.length === 1 ? goods.specs[0]!.attrId : null,
  );
  const spec = goods.specs.find((s) => s.attrId === attrId) ?? null;
  const needsSpec = goods.specs.length > 0 && !spec;
  const stock = spec ? spec.stock : goods.specs.length > 0 ? null : goods.stock;
  const min = Math.max(1, goods.buyMin);
  const max = Math.max(min, Math.min(maxBuy(), stock ?? Number.POSITIVE_INFINITY));
  const [count, setCount] = useState(min);
  const [text, setText] = useState(String(min));
  const soldOut = stock !== null && stock < min;
  const price = spec?.price ?? goods.price;
  const range = spec ? null : priceRange(goods.specs);
  const was = wasPrice(price, goods.originalPrice);
  const off = goods.isDiscount ? percentOff(price, was) : 0;
  const kept = keep.isPending ? keep.variables.on : goods.isKeep;

  const settle = (n: number) => {
    const next = Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
    setCount(next);
    setText(String(next));
    return next;
  };

  /** Puts the chosen line in the cart; its identifier and whether it was already there. */
  const add = (): { line: string; result: 'added' | 'already' } | null => {
    if (needsSpec) {
      notifyError('SELECT_SPECIFICATION');
      document.getElementById(`${id}-specs`)?.focus();
      return null;
    }
    if (soldOut) {
      notifyError('STOCK_INSUFFICIENT');
      return null;
    }
    const checkAttrName = spec?.attrName ?? '';
    const result = addToCart({
      sellerGoodsId: goods.sellerGoodsId,
      name: goods.name,
      seller: { id: goods.seller.sellerId, name: goods.seller.name },
      price,
      buyMin: goods.buyMin,
      checkAttrName,
      imgUrl1: goods.imgUrl1,
      count: settle(Number(text)),
    });
    return { line: identifierOf(goods.sellerGoodsId, checkAttrName), result };
  };

  const addToCartClick = () => {
    const added = add();
    if (added?.result === 'already') notifyError('PRODUCT_ALREADY_IN_CART');
    else if (added) notify(t('buy.added'), 'success');
  };

  const buyNow = () => {
    const added = add();
    if (!added) return;
    setChecked(
      cartLines()
        .map((l) => l.Identifier)
        .filter((l) => l !== added.line),
      false,
    );
    setChecked([added.line], true);
    navigate('/settlement');
  };

  return (
    <div className="purchase">
      <OriginalMark lang={goods.originalLang} />
      <h1 className="product-name">
        <bdi>{goods.name}</bdi>
      </h1>
      <div className="product-price-box">
        <div className="product-price-row">
          {range ? (
            <span className="product-price">
              <Price value={range[0]} /> – <Price value={range[1]} />
            </span>
          ) : (
            <Price value={price} className="product-price" />
          )}
          {was && !range && (
            <s className="product-was">
              <span className="visually-hidden">{t('buy.was')}</span>
              <bdi dir="ltr">${formatPrice(was)}</bdi>
            </s>
          )}
          {off > 0 && <span className="product-off">{t('buy.off', { percent: off })}</span>}
        </div>
        <dl className="product-facts">
          <div>
            <dt>{t('buy.retail')}</dt>
            <dd>
              <Price value={goods.retailPrice} />
            </dd>
          </div>
          <div>
            <dt>{t('buy.sold')}</dt>
            <dd>
              <bdi dir="ltr">{formatCount(goods.soldNum)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('buy.favourable')}</dt>
            <dd>
              <bdi dir="ltr">{goods.reviews.favourableRate ? `${goods.reviews.favourableRate}%` : '—'}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('buy.views')}</dt>
            <dd>
              <bdi dir="ltr">{formatCount(goods.viewsNum)}</bdi>
            </dd>
          </div>
        </dl>
      </div>

      {goods.specs.length > 0 && (
        <fieldset className="product-specs" id={`${id}-specs`} tabIndex={-1}>
          <legend>{t('buy.specification')}</legend>
          <div className="spec-options">
            {goods.specs.map((s) => (
              <label key={s.attrId} className={`spec-option${s.stock < min ? ' is-out' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-spec`}
                  value={s.attrId}
                  checked={s.attrId === attrId}
                  onChange={() => {
                    setAttrId(s.attrId);
                    setText(String(count));
                  }}
                />
                <bdi>{s.attrName}</bdi>
                {s.stock < min && <small>{t('buy.soldOut')}</small>}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div className="product-quantity">
        <label htmlFor={`${id}-qty`}>{t('buy.quantity')}</label>
        <div className="qty">
          <button
            type="button"
            onClick={() => settle(count - 1)}
            disabled={count <= min || soldOut}
            aria-label={t('buy.less')}
          >
            −
          </button>
          <input
            id={`${id}-qty`}
            inputMode="numeric"
            dir="ltr"
            value={text}
            disabled={soldOut}
            onChange={(e) => setText(e.currentTarget.value.replace(/\D/g, ''))}
            onBlur={() => settle(Number(text))}
            aria-describedby={`${id}-qty-hint`}
          />
          <button
            type="button"
            onClick={() => settle(count + 1)}
            disabled={count >= max || soldOut}
            aria-label={t('buy.more')}
          >
            +
          </button>
        </div>
        <span id={`${id}-qty-hint`} className="muted qty-hint">
          {stock === null
            ? t('buy.chooseSpec')
            : soldOut
              ? t('buy.soldOut')
              : t('buy.limits', { min: formatCount(min), max: formatCount(max), stock: formatCount(stock) })}
        </span>
      </div>

      <div className="product-actions">
        <button type="button" className="action-cart" onClick={addToCartClick} disabled={soldOut}>
          {t('buy.addToCart')}
        </button>
        <button type="button" className="action-buy" onClick={buyNow} disabled={soldOut}>
          {t('buy.buyNow')}
        </button>
        <button
          type="button"
          className={`action-keep${kept ? ' is-on' : ''}`}
          aria-pressed={kept}
          disabled={keep.isPending}
          onClick={() => {
            if (!signedIn()) return;
            keep.mutate(
              { id: goods.sellerGoodsId, on: !goods.isKeep },
              { onSuccess: () => notify(t(goods.isKeep ? 'keep.removed' : 'keep.added'), 'success') },
            );
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
              fill={kept ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {kept ? t('keep.saved') : t('keep.save')}
          <bdi dir="ltr" className="muted">
            {formatCount(goods.keepNum)}
          </bdi>
        </button>
      </div>
    </div>
  );
}
