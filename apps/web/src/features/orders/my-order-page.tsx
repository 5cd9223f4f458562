/**
 * /userInfo/my-order (SPEC §2): the tabs (all, to pay, to ship, confirmed, to receive, received, to
 * review, after-sales, cancelled) with their counts, `?index=N` choosing the N-th tab (the footer's
 * "order tracking" link asks for index=2, to ship), 20 orders a page, a search by serial number,
 * and each order with the actions its state allows.
 */
import { ORDER_STATUS, type OrderTab } from '@mall/contract';
import { Button, Pagination } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { LangLink } from '../../lib/nav.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { pageParam, useUrlParams } from '../../lib/use-url-params.ts';
import { ORDERS_PAGE_SIZE, useOrderCounts, useOrderList } from './api/orders-api.ts';
import { OrderCard } from './components/order-card.tsx';
import { TABS } from './lib/order-rules.ts';
import { useNow } from './lib/use-now.ts';
import './orders-styles.ts';

function Tabs({ tab, onChange }: { tab: OrderTab; onChange(index: number): void }) {
  const { t } = useTranslation('orders');
  const counts = useOrderCounts();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = TABS.indexOf(tab);
  // Keep the chosen tab in view on a phone, where the row scrolls sideways.
  useEffect(() => {
    refs.current[current]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  const move = (to: number) => {
    const next = (to + TABS.length) % TABS.length;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="orders-tabs" role="tablist" aria-label={t('list.tabsLabel')}>
      {TABS.map((key, i) => {
        const count = counts.data?.[key];
        return (
          <button
            key={key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`orders-tab-${key}`}
            aria-selected={key === tab}
            aria-controls="orders-tabpanel"
            tabIndex={key === tab ? 0 : -1}
            onClick={() => onChange(i)}
            onKeyDown={(event) => {
              const rtl = document.documentElement.dir === 'rtl';
              if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) move(i + 1);
              else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) move(i - 1);
              else if (event.key === 'Home') move(0);
              else if (event.key === 'End') move(TABS.length - 1);
              else return;
              event.preventDefault();
            }}
          >
            <span>{t(`tabs.${key}`)}</span>
            {count !== undefined && count > 0 && (
              <span className="orders-tab-count" dir="ltr">
                {count > 99 ? '99+' : count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function SearchBox({ keyword, onSearch }: { keyword: string; onSearch(keyword: string): void }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  return (
    <form
      className="orders-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim().slice(0, 64));
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('list.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={t('list.searchPlaceholder')}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={64}
      />
      <Button type="submit" size="sm" radius="xl">
        {t('list.search')}
      </Button>
      {keyword && (
        <Button variant="subtle" size="sm" color="gray" onClick={() => onSearch('')}>
          {t('list.clearSearch')}
        </Button>
      )}
    </form>
  );
}

export default function MyOrderPage() {
  const { t } = useTranslation('orders');
  const [params, update] = useUrlParams();
  const index = Number(params.get('index'));
  const tab: OrderTab =
    TABS[Number.isInteger(index) && index >= 0 && index < TABS.length ? index : 0] ?? 'all';
  const page = pageParam(params.get('page'));
  const keyword = (params.get('keyword') ?? '').trim();
  const list = useOrderList(tab, page, keyword);
  const orders = list.data?.pageList ?? [];
  const pending = orders.some((o) => o.status === ORDER_STATUS.pendingPayment);
  const now = useNow(pending ? 1000 : 60_000);
  const total = list.data?.pageInfo.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));

  return (
    <div className="orders-page">
      <header className="orders-page-head">
        <h1>{t('list.title')}</h1>
        <SearchBox keyword={keyword} onSearch={(k) => update({ keyword: k || null, page: null })} />
      </header>
      <Tabs tab={tab} onChange={(i) => update({ index: String(i), page: null })} />
      <section
        id="orders-tabpanel"
        role="tabpanel"
        aria-labelledby={`orders-tab-${tab}`}
        aria-busy={list.isFetching || undefined}
        className="orders-list"
      >
        {list.isPending ? (
          <div className="page-loading" aria-busy="true" />
        ) : list.isError ? (
          <div className="orders-panel orders-state">
            <p>{t('common.loadFailed')}</p>
            <Button variant="default" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : orders.length === 0 ? (
          <div className="orders-panel orders-state">
            <p>{keyword ? t('list.noMatch', { keyword }) : t('list.empty')}</p>
            <LangLink className="button-link" to="/index">
              {t('cart.goShopping')}
            </LangLink>
          </div>
        ) : (
          <>
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} now={now} />
            ))}
            {pages > 1 && (
              <Pagination
                className="orders-pagination"
                total={pages}
                value={page}
                onChange={(p) => {
                  update({ page: p > 1 ? String(p) : null });
                  window.scrollTo({ top: 0 });
                }}
                getControlProps={(control) => ({
                  'aria-label': t(`list.pager.${control}`),
                })}
                getItemProps={(p) => ({ 'aria-label': t('list.pager.page', { page: p }) })}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
