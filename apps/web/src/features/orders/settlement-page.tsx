/**
 * /settlement (SPEC §2, §5): the cart's checked lines grouped by store (title, lines, checkTotal),
 * the delivery address (the default preselected), a remark and the payment method. "Place order"
 * sends the lines to the server, which prices everything and creates one pending order per store;
 * the summary then shows the server's amounts, the ordered lines leave the cart, and "Pay now"
 * pays them (wallet with the fund password; card and PayPal as the server allows), then /paySuccess.
 */
import type { OrderDto, PayMethod, QuoteChangeDto, SubmitOrdersDto } from '@mall/contract';
import { Button, Textarea } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { FocusHeading } from '../../components/focus-heading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { groupBySeller, removeLines, setCartDrawerOpen, useCart } from '../../lib/cart.ts';
import { errorText, failureText, showError } from '../../lib/errors.ts';
import { LangLink, useLangNavigate } from '../../lib/nav.tsx';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { useAddresses, useBalance, useOrderQuote, usePayOrders, useSubmitOrders } from './api/orders-api.ts';
import { AddressLines } from './components/address-card.tsx';
import { Amounts } from './components/amounts.tsx';
import { Money } from './components/money.tsx';
import { UnitTimesCount } from './components/order-items.tsx';
import { PayDialog } from './components/pay-dialog.tsx';
import { PayMethodPicker } from './components/pay-method-picker.tsx';
import { QuoteChanges, QuoteSummary } from './components/quote-summary.tsx';
import { keyFor } from './lib/submit-key.ts';
import { useMaxBuyParam } from './lib/use-max-buy.ts';
import './orders-styles.ts';

// The address book opens its form and comes back here once the address is saved.
const ADDRESS_BOOK = '/userInfo/setup/shipping-address?add=1&back=%2Fsettlement';

function AddressSection({
  value,
  onChange,
  problem,
}: {
  value: string | undefined;
  onChange(id: string): void;
  problem: string | undefined;
}) {
  const { t } = useTranslation('orders');
  const name = useId();
  const addresses = useAddresses();
  const list = addresses.data;
  // The default address is chosen at first (the list puts it first).
  useEffect(() => {
    if (value === undefined && list && list.length > 0)
      onChange((list.find((a) => a.use === 1) ?? list[0])!.id);
  }, [list, value, onChange]);

  return (
    <section className="orders-panel" aria-labelledby={`${name}-title`}>
      <div className="orders-panel-head">
        <h2 id={`${name}-title`}>{t('checkout.address')}</h2>
        <LangLink to={ADDRESS_BOOK}>{t('checkout.addAddress')}</LangLink>
      </div>
      {addresses.isPending ? (
        <div className="page-loading orders-loading-small" aria-busy="true" />
      ) : addresses.isError ? (
        <div className="orders-state">
          <p>{t('common.loadFailed')}</p>
          <Button variant="default" size="xs" onClick={() => void addresses.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : list && list.length === 0 ? (
        <div className="orders-state">
          <p>{t('checkout.noAddress')}</p>
          <LangLink className="button-link" to={ADDRESS_BOOK}>
            {t('checkout.addAddress')}
          </LangLink>
        </div>
      ) : (
        <fieldset className="orders-address-list" aria-describedby={problem ? `${name}-problem` : undefined}>
          <legend className="visually-hidden">{t('checkout.address')}</legend>
          {list?.map((a) => (
            <label key={a.id} className="orders-address-option" data-checked={value === a.id || undefined}>
              <input
                type="radio"
                name={name}
                value={a.id}
                checked={value === a.id}
                onChange={() => onChange(a.id)}
              />
              <AddressLines address={a} />
              {a.use === 1 && <span className="orders-tag">{t('checkout.default')}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p className="orders-error" role="alert" id={`${name}-problem`}>
          {problem}
        </p>
      )}
    </section>
  );
}

/** The server's amounts for the orders it created (never the cart's own sums). */
function PlacedSummary({ placed }: { placed: SubmitOrdersDto }) {
  const { t } = useTranslation('orders');
  return (
    <div className="orders-placed">
      {placed.orders.map((o) => (
        <div key={o.id} className="orders-placed-order">
          <p className="orders-placed-head">
            <bdi className="orders-store">{o.sellerName}</bdi>
            <span className="muted orders-small">
              {t('card.serial')}{' '}
              <bdi dir="ltr" className="orders-serial">
                {o.serialNo}
              </bdi>
            </span>
          </p>
          <Amounts order={o} />
        </div>
      ))}
      <p className="orders-grand-total">
        <span>{t('checkout.payable')}</span>
        <Money value={placed.total} strong />
      </p>
    </div>
  );
}

export default function SettlementPage() {
  const { t } = useTranslation('orders');
  const navigate = useLangNavigate();
  useMaxBuyParam();
  const lines = useCart();
  const groups = groupBySeller(lines);
  const checked = groups.flatMap((g) => g.checked);
  // The quote is keyed by these lines' content, so a cart write that changes nothing asks nothing.
  const items = checked.map((l) => ({
    sellerGoodsId: l.sellerGoodsId,
    ...(l.checkAttrName ? { checkAttrName: l.checkAttrName } : {}),
    count: l.count,
  }));

  const [addressId, setAddressId] = useState<string | undefined>();
  const [addressProblem, setAddressProblem] = useState<string | undefined>();
  const [remark, setRemark] = useState('');
  const [method, setMethod] = useState<PayMethod>('balance');
  const [placed, setPlaced] = useState<SubmitOrdersDto | null>(null);
  const [placedGroups, setPlacedGroups] = useState<typeof groups>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [payOpen, setPayOpen] = useState(false);
  const [changes, setChanges] = useState<readonly QuoteChangeDto[]>([]);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const submit = useSubmitOrders();
  const pay = usePayOrders();
  const balance = useBalance(method === 'balance');
  const quote = useOrderQuote(items, !placed);
  const quoteFailed = quote.isError && !quote.data ? failureText(quote.error) : undefined;

  const shown = placed ? placedGroups : groups;

  const placeOrder = () => {
    setProblem(undefined);
    if (checked.length === 0) {
      notify(errorText('NO_PRODUCT_SELECTED'));
      return;
    }
    if (!quote.data || quote.isFetching) return;
    if (!addressId) {
      const text = errorText('SELECT_DELIVERY_ADDRESS');
      setAddressProblem(text);
      notify(text);
      return;
    }
    setAddressProblem(undefined);
    setChanges([]);
    const trimmed = remark.trim();
    const quoteKey = quote.data.quoteKey;
    attempt.current = keyFor(attempt.current, JSON.stringify({ addressId, items, trimmed }));
    const ordered = checked.map((l) => l.Identifier);
    const snapshot = groups;
    submit.mutate(
      { addressId, items, ...(trimmed ? { remark: trimmed } : {}), submitKey: attempt.current.key, quoteKey },
      {
        onSuccess: (reply) => {
          setPlacedGroups(snapshot);
          setPlaced(reply);
          removeLines(ordered);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.key === 'QUOTE_CHANGED') {
            // Show what moved and the new figures; the buyer places again when they agree.
            setChanges((error.data as { changes?: QuoteChangeDto[] } | undefined)?.changes ?? []);
            void quote.refetch();
            return;
          }
          const text = failureText(error);
          setProblem(text);
          showError(error);
        },
      },
    );
  };

  const goPaid = (paid: OrderDto[]) => {
    setPayOpen(false);
    navigate(`/paySuccess?orders=${paid.map((o) => o.id).join(',')}`);
  };

  const payNow = () => {
    if (!placed) return;
    setProblem(undefined);
    if (method === 'balance') {
      setPayOpen(true);
      return;
    }
    pay.mutate(
      { orderIds: placed.orders.map((o) => o.id), payMethod: method },
      {
        onSuccess: (reply) => {
          if (reply.payUrl) window.location.assign(reply.payUrl);
          else goPaid(reply.orders);
        },
        onError: (error) => setProblem(failureText(error)),
      },
    );
  };

  if (!placed && lines.length > 0 && checked.length === 0) {
    return <NothingSelected hasLines />;
  }
  if (!placed && checked.length === 0) return <NothingSelected hasLines={false} />;

  return (
    <div className="container orders-page settlement-page">
      <header className="orders-page-head">
        <h1>{t('checkout.title')}</h1>
        {!placed && (
          <button type="button" className="link-button orders-link" onClick={() => setCartDrawerOpen(true)}>
            {t('checkout.editCart')}
          </button>
        )}
      </header>
      <div className="settlement-grid">
        <div className="settlement-main">
          {placed ? (
            <section className="orders-panel" aria-labelledby="settlement-placed-title">
              <FocusHeading id="settlement-placed-title">{t('checkout.placedTitle')}</FocusHeading>
              <p className="muted">{t('checkout.placedBody')}</p>
              <AddressLines address={placed.orders[0]!.address} />
            </section>
          ) : (
            <AddressSection value={addressId} onChange={setAddressId} problem={addressProblem} />
          )}
          <section className="orders-panel" aria-labelledby="settlement-items-title">
            <h2 id="settlement-items-title">{t('checkout.items')}</h2>
            {shown.map((g) => (
              <div key={g.sellerId} className="settlement-store">
                <p className="settlement-store-head">
                  <bdi className="orders-store">{g.title}</bdi>
                  <span className="muted orders-small">
                    {t('checkout.checkTotal', { count: g.checkTotal })}
                  </span>
                </p>
                <ul className="orders-items">
                  {g.checked.map((l) => (
                    <li key={l.Identifier} className="orders-item">
                      <img className="orders-item-img" src={l.imgUrl1} alt="" width={64} height={64} />
                      <div className="orders-item-main">
                        <span className="orders-item-name">{l.name}</span>
                        {l.checkAttrName && <span className="orders-item-spec muted">{l.checkAttrName}</span>}
                      </div>
                      <div className="orders-item-figures">
                        <UnitTimesCount price={l.price} count={l.count} />
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
          {!placed && (
            <section className="orders-panel" aria-labelledby="settlement-remark-title">
              <h2 id="settlement-remark-title">{t('checkout.remark')}</h2>
              <Textarea
                aria-labelledby="settlement-remark-title"
                placeholder={t('checkout.remarkPlaceholder')}
                value={remark}
                onChange={(event) => setRemark(event.currentTarget.value.slice(0, 200))}
                autosize
                minRows={2}
                maxRows={5}
              />
            </section>
          )}
          {placed && remark.trim() && (
            <section className="orders-panel">
              <h2>{t('checkout.remark')}</h2>
              <p className="orders-remark">
                <bdi>{remark.trim()}</bdi>
              </p>
            </section>
          )}
          <section className="orders-panel" aria-labelledby="settlement-method-title">
            <h2 id="settlement-method-title" className="visually-hidden">
              {t('pay.method')}
            </h2>
            <PayMethodPicker
              value={method}
              onChange={(m) => {
                setMethod(m);
                setProblem(undefined);
              }}
              detail={{
                balance: balance.data ? (
                  <>
                    {t('pay.available')} <Money value={balance.data.available} />
                  </>
                ) : undefined,
                card: t('pay.methodNote.card'),
                paypal: t('pay.methodNote.paypal'),
              }}
            />
          </section>
        </div>
        <aside className="orders-panel settlement-summary" aria-labelledby="settlement-summary-title">
          <h2 id="settlement-summary-title">{t('checkout.summary')}</h2>
          {placed ? (
            <PlacedSummary placed={placed} />
          ) : (
            <QuoteSummary
              quote={quote.data}
              loading={quote.isFetching}
              failed={quoteFailed}
              onRetry={() => void quote.refetch()}
            />
          )}
          {changes.length > 0 && !placed && <QuoteChanges changes={changes} />}
          {problem && (
            <p className="orders-error" role="alert">
              {problem}
            </p>
          )}
          {placed ? (
            <>
              <Button fullWidth size="md" onClick={payNow} loading={pay.isPending}>
                {t('checkout.payNow')}
              </Button>
              <LangLink className="orders-small" to="/userInfo/my-order?index=1">
                {t('checkout.payLater')}
              </LangLink>
            </>
          ) : (
            <Button
              fullWidth
              size="md"
              onClick={placeOrder}
              loading={submit.isPending}
              disabled={!quote.data || quote.isFetching || Boolean(quoteFailed)}
            >
              {t('checkout.placeOrder')}
            </Button>
          )}
        </aside>
      </div>
      {placed && payOpen && (
        <PayDialog
          orders={placed.orders}
          total={placed.total}
          method="balance"
          opened
          onClose={() => setPayOpen(false)}
          onPaid={goPaid}
        />
      )}
    </div>
  );
}

function NothingSelected({ hasLines }: { hasLines: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <section className="container orders-page">
      <div className="orders-panel orders-state">
        <h1>{t('checkout.title')}</h1>
        <p>{errorText('NO_PRODUCT_SELECTED')}</p>
        <div className="orders-state-actions">
          {hasLines && (
            <Button onClick={() => setCartDrawerOpen(true)} radius="xl">
              {t('checkout.openCart')}
            </Button>
          )}
          <LangLink className="button-link" to="/index">
            {t('cart.goShopping')}
          </LangLink>
          <LangLink to="/userInfo/my-order">{t('checkout.myOrders')}</LangLink>
        </div>
      </div>
    </section>
  );
}
