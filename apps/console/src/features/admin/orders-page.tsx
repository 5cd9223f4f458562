/**
 * Admin: every order of the brand, by tab (the storefront's tabs), searchable by order number or
 * receiver, newest first or sorted by time or total (headers on a desk, a menu on a phone).
 * Shipping and refunds stay with the stores (seller section).
 */
import { type AdminRecordSort, ORDER_TABS, type OrderDto, type OrderTab } from '@mall/contract';
import { Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { localTime, money } from '../../lib/format.ts';
import { ORDER_STATUS_COLORS } from '../../lib/order-status-colors.ts';
import { usePaged } from '../../lib/use-paged.ts';

const TABS = Object.keys(ORDER_TABS) as OrderTab[];
const SORTS = [
  ['time', 'desc'],
  ['time', 'asc'],
  ['amount', 'desc'],
  ['amount', 'asc'],
] as const;

export default function AllOrdersPage() {
  const { t } = useTranslation('console-admin');
  const { filter, setFilter, pageNum, setPageNum } = usePaged<{ tab: OrderTab; keyword: string }>({
    tab: 'all',
    keyword: '',
  });
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const query = useQuery({
    queryKey: ['admin-orders', filter, sort, pageNum],
    queryFn: () =>
      api('/api/admin/orders/list', {
        pageNum,
        pageSize: 20,
        status: filter.tab,
        sort: sort.key as AdminRecordSort,
        order: sort.direction,
        ...(filter.keyword ? { keyword: filter.keyword } : {}),
      }),
  });
  return (
    <>
      <PageHeader
        title={t('orders.title')}
        actions={
          <SearchBox
            label={t('orders.search')}
            placeholder={t('orders.search')}
            onSearch={(keyword) => {
              // A block: SearchBox calls this from an effect, whose return value React treats as cleanup.
              if (keyword !== filter.keyword) setFilter({ ...filter, keyword });
            }}
          />
        }
      />
      <Tabs
        value={filter.tab}
        onChange={(v) => setFilter({ ...filter, tab: (v ?? 'all') as OrderTab })}
        mb="md"
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`orders.tab.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<OrderDto>
        rows={query.data?.pageList}
        rowKey={(o) => o.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        columns={[
          { key: 'serial', label: t('field.serial'), ltr: true, render: (o) => o.serialNo },
          {
            key: 'time',
            label: t('field.time'),
            ltr: true,
            sortable: true,
            render: (o) => localTime(o.createTime),
          },
          {
            key: 'store',
            label: t('field.store'),
            maxWidth: 180,
            text: (o) => o.sellerName,
            render: (o) => o.sellerName,
          },
          {
            key: 'items',
            label: t('field.items'),
            maxWidth: 220,
            text: (o) => o.items.map((i) => i.name).join(', '),
            render: (o) => (
              <Stack gap={0}>
                <Text size="sm" truncate="end">
                  {o.items[0]?.name ?? '-'}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('orders.itemCount', { count: o.items.reduce((n, i) => n + i.count, 0) })}
                </Text>
              </Stack>
            ),
          },
          { key: 'receiver', label: t('field.user'), render: (o) => o.address.name },
          {
            key: 'amount',
            label: t('field.total'),
            ltr: true,
            sortable: true,
            render: (o) => money(o.total),
          },
          {
            key: 'status',
            label: t('field.status'),
            render: (o) => (
              <StatusBadge
                status={String(o.status)}
                label={t(`orders.status.${o.status}`)}
                color={ORDER_STATUS_COLORS[o.status]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
