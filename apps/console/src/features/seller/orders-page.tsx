/**
 * Seller: the store's orders by tab (to confirm, to ship, shipped, received, after-sales,
 * cancelled, all) with a search by serial number, sorted by time or total (headers on a desk, a
 * menu on a phone); the detail opens beside the list; confirm, ship with logistics, and decide
 * refunds and returns from the row or the detail.
 */
import type { AdminRecordSort, OrderDto, OrderTab } from '@mall/contract';
import { Anchor, Box, Button, Group, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { api } from '../../lib/api.ts';
import { localTime, money } from '../../lib/format.ts';
import { usePaged } from '../../lib/use-paged.ts';
import { actionsFor, useOrderActions } from './order-actions.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderStatus } from './order-status.tsx';

const TABS: OrderTab[] = ['ship', 'confirmed', 'receive', 'received', 'refund', 'cancelled', 'all'];
const SORTS = [
  ['time', 'desc'],
  ['time', 'asc'],
  ['amount', 'desc'],
  ['amount', 'asc'],
] as const;

export default function OrdersPage() {
  const { t } = useTranslation('console-seller');
  const { filter, setFilter, pageNum, setPageNum } = usePaged<{ tab: OrderTab; keyword: string }>({
    tab: 'ship',
    keyword: '',
  });
  const [open, setOpen] = useState<string | null>(null);
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const { run, pending } = useOrderActions();
  const query = useQuery({
    queryKey: ['seller-orders', filter, sort, pageNum],
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
      <PageHeader title={t('orders.title')} />
      <Tabs value={filter.tab} onChange={(v) => v && setFilter({ ...filter, tab: v as OrderTab })} mb="md">
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`orders.tab.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box mb="md">
        <SearchBox
          label={t('orders.search')}
          placeholder={t('orders.search')}
          onSearch={(keyword) => {
            if (keyword !== filter.keyword) setFilter({ ...filter, keyword });
          }}
        />
      </Box>
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<OrderDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        empty={t('orders.none')}
        columns={[
          {
            key: 'serial',
            label: t('orders.serial'),
            ltr: true,
            render: (r) => (
              <Anchor component="button" onClick={() => setOpen(r.id)}>
                {r.serialNo}
              </Anchor>
            ),
          },
          {
            key: 'goods',
            label: t('orders.goods'),
            maxWidth: 240,
            text: (r) => r.items.map((i) => i.name).join(', '),
            render: (r) => (
              <Text size="sm" truncate="end">
                {r.items
                  .map((i) => `${i.name}${i.attrName ? ` (${i.attrName})` : ''} × ${i.count}`)
                  .join(', ')}
              </Text>
            ),
          },
          {
            key: 'amount',
            label: t('orders.total'),
            ltr: true,
            sortable: true,
            render: (r) => money(r.total),
          },
          { key: 'buyer', label: t('orders.buyer'), render: (r) => r.address.name },
          { key: 'status', label: t('orders.statusLabel'), render: (r) => <OrderStatus order={r} /> },
          {
            key: 'time',
            label: t('orders.created'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.createTime),
          },
          {
            key: 'actions',
            label: '',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                {actionsFor(r).map((a) => (
                  <Button
                    key={a}
                    size="xs"
                    color={a === 'refundRefuse' ? 'red' : undefined}
                    variant={a === 'refundRefuse' ? 'outline' : 'filled'}
                    loading={pending}
                    onClick={() => void run(a, r)}
                  >
                    {t(`orders.action.${a}`)}
                  </Button>
                ))}
                <Button size="xs" variant="subtle" onClick={() => setOpen(r.id)}>
                  {t('orders.view')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <OrderDetail orderId={open} onClose={() => setOpen(null)} />
    </>
  );
}
