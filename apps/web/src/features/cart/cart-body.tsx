/**
 * What the drawer shows: the lines grouped by store, each with a checkbox (all start checked), the
 * store's and the whole cart's check-all, quantity steppers and typed quantities kept within
 * buyMin..maxBuy, removal after a confirmation, and the checked lines' total with the checkout
 * button. Prices here are what the lines were added at: the order's amounts come from the server.
 */
import { Button } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import {
  type CartLine,
  clampCount,
  maxBuy,
  removeLines,
  setCartDrawerOpen,
  setChecked,
  setCount,
  useCart,
} from '../../lib/cart.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { withCurrency } from '../../lib/currency.ts';
import { errorText } from '../../lib/errors.ts';
import { formatMoney, lineUnits } from '../../lib/money-text.ts';
import { LangLink, withLang } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';

interface StoreGroup {
  sellerId: string;
  title: string;
  lines: CartLine[];
}

/** Every line (checked or not) by store, in the order the stores first appear. */
function byStore(lines: readonly CartLine[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const line of lines) {
    const group = groups.get(line.seller.id) ?? {
      sellerId: line.seller.id,
      title: line.seller.name,
      lines: [],
    };
    group.lines.push(line);
    groups.set(line.seller.id, group);
  }
  return [...groups.values()];
}

/** A checkbox that can also say "some" (a store with part of its lines checked). */
function TriCheckbox({
  checked,
  indeterminate,
  onChange,
  label,
  visibleLabel,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange(checked: boolean): void;
  label: string;
  visibleLabel?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="cart-check">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        aria-label={visibleLabel ? undefined : label}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {visibleLabel && <span>{visibleLabel}</span>}
    </label>
  );
}

function Quantity({ line }: { line: CartLine }) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState(String(line.count));
  const [note, setNote] = useState<string | undefined>();
  const id = useId();
  useEffect(() => setText(String(line.count)), [line.count]);
  const min = Math.max(1, line.buyMin);
  const max = maxBuy();

  const commit = (wanted: number) => {
    const next = clampCount(wanted, line.buyMin);
    setNote(
      Number.isInteger(wanted) && wanted === next
        ? undefined
        : wanted < min || !Number.isFinite(wanted)
          ? t('cart.minNote', { min })
          : wanted > max
            ? t('cart.maxNote', { max })
            : undefined,
    );
    setCount(line.Identifier, next);
    setText(String(next));
  };

  return (
    <div className="cart-qty-wrap">
      <fieldset className="cart-qty" aria-label={t('cart.quantityOf', { name: line.name })}>
        <button
          type="button"
          aria-label={t('cart.decrease')}
          disabled={line.count <= min}
          onClick={() => commit(line.count - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          dir="ltr"
          value={text}
          aria-label={t('cart.quantity')}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(event) => setText(event.currentTarget.value.replace(/[^\d]/g, '').slice(0, 6))}
          onBlur={() => commit(text === '' ? Number.NaN : Number(text))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(text === '' ? Number.NaN : Number(text));
          }}
        />
        <button
          type="button"
          aria-label={t('cart.increase')}
          disabled={line.count >= max}
          onClick={() => commit(line.count + 1)}
        >
          +
        </button>
      </fieldset>
      {note && (
        <p className="cart-qty-note" id={`${id}-note`} role="status">
          {note}
        </p>
      )}
    </div>
  );
}

function Line({ line }: { line: CartLine }) {
  const { t } = useTranslation('orders');
  const remove = async () => {
    const ok = await confirmAction({
      title: t('cart.removeTitle'),
      body: t('cart.removeBody', { name: line.name }),
      confirmLabel: t('cart.remove'),
      danger: true,
    });
    if (ok) removeLines([line.Identifier]);
  };
  return (
    <li className="cart-line">
      <TriCheckbox
        checked={line.checked}
        indeterminate={false}
        label={t('cart.selectLine', { name: line.name })}
        onChange={(checked) => setChecked([line.Identifier], checked)}
      />
      <img className="cart-line-img" src={line.imgUrl1} alt="" width={64} height={64} loading="lazy" />
      <div className="cart-line-main">
        <LangLink
          className="cart-line-name"
          to={`/productDetails?sellerGoodsId=${encodeURIComponent(line.sellerGoodsId)}`}
        >
          {line.name}
        </LangLink>
        {line.checkAttrName && <p className="cart-line-spec muted">{line.checkAttrName}</p>}
        <div className="cart-line-row">
          <bdi dir="ltr" className="cart-price">
            {withCurrency(formatMoney(line.price))}
          </bdi>
          <Quantity line={line} />
        </div>
      </div>
      <button
        type="button"
        className="cart-remove"
        aria-label={t('cart.removeLine', { name: line.name })}
        title={t('cart.remove')}
        onClick={() => void remove()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7zm4 2v8h1.5v-8zm3.5 0v8H15v-8z" />
        </svg>
      </button>
    </li>
  );
}

export function CartBody() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const lines = useCart();
  const checked = lines.filter((l) => l.checked);
  const allChecked = lines.length > 0 && checked.length === lines.length;
  const total = checked.reduce((sum, l) => sum + lineUnits(l.price, l.count), 0n);
  const pieces = checked.reduce((n, l) => n + l.count, 0);

  if (lines.length === 0) {
    return (
      <div className="cart-empty">
        <p>{t('cart.empty')}</p>
        <LangLink className="button-link" to="/index" onClick={() => setCartDrawerOpen(false)}>
          {t('cart.goShopping')}
        </LangLink>
      </div>
    );
  }

  const checkout = () => {
    if (checked.length === 0) {
      notify(errorText('NO_PRODUCT_SELECTED'));
      return;
    }
    // SPEC §5: a zero total does nothing.
    if (total === 0n) return;
    setCartDrawerOpen(false);
    void navigate(withLang('/settlement'));
  };

  const removeChecked = async () => {
    if (checked.length === 0) {
      notify(errorText('NO_PRODUCT_SELECTED'));
      return;
    }
    const ok = await confirmAction({
      title: t('cart.removeTitle'),
      body: t('cart.removeCheckedBody', { count: checked.length }),
      confirmLabel: t('cart.remove'),
      danger: true,
    });
    if (ok) removeLines(checked.map((l) => l.Identifier));
  };

  return (
    <div className="cart-body">
      <div className="cart-toolbar">
        <TriCheckbox
          checked={allChecked}
          indeterminate={!allChecked && checked.length > 0}
          label={t('cart.checkAll')}
          visibleLabel={t('cart.checkAll')}
          onChange={(value) =>
            setChecked(
              lines.map((l) => l.Identifier),
              value,
            )
          }
        />
        <button
          type="button"
          className="link-button cart-remove-checked"
          onClick={() => void removeChecked()}
        >
          {t('cart.removeChecked')}
        </button>
      </div>
      <div className="cart-stores">
        {byStore(lines).map((group) => {
          const on = group.lines.filter((l) => l.checked).length;
          return (
            <section key={group.sellerId} className="cart-store" aria-label={group.title}>
              <header className="cart-store-head">
                <TriCheckbox
                  checked={on === group.lines.length}
                  indeterminate={on > 0 && on < group.lines.length}
                  label={t('cart.selectStore', { store: group.title })}
                  onChange={(value) =>
                    setChecked(
                      group.lines.map((l) => l.Identifier),
                      value,
                    )
                  }
                />
                <LangLink
                  className="cart-store-name"
                  to={`/store?id=${encodeURIComponent(group.sellerId)}`}
                  onClick={() => setCartDrawerOpen(false)}
                >
                  <bdi>{group.title}</bdi>
                </LangLink>
              </header>
              <ul className="cart-lines">
                {group.lines.map((line) => (
                  <Line key={line.Identifier} line={line} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <footer className="cart-footer">
        <div className="cart-total">
          <span>{t('cart.selected', { lines: checked.length, pieces })}</span>
          <span className="cart-total-amount">
            {t('cart.total')}{' '}
            <bdi dir="ltr">
              <strong>{withCurrency(formatMoney(total))}</strong>
            </bdi>
          </span>
        </div>
        <p className="cart-note muted">{t('cart.totalNote')}</p>
        <Button fullWidth size="md" onClick={checkout}>
          {t('cart.checkout')}
        </Button>
      </footer>
    </div>
  );
}
