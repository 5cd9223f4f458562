/**
 * Seller: settlement history. Each settled order with what the buyer paid into escrow, the
 * platform's commission and what reached the seller's wallet (the ledger's own transfers), newest
 * settlement first or sorted by settlement time, order time or gross (headers on a desk, a menu on
 * a phone); the totals of all settlements above the list.
 */
import type { SettlementDto, SettlementSort } from '@mall/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { api } from '../../lib/api.ts';
import { localTime, money } from '../../lib/format.ts';
import { WalletStatement } from '../statement/wallet-statement.tsx';

const SORTS = [
  ['settleTime', 'desc'],
  ['settleTime', 'asc'],
  ['orderTime', 'desc'],
  ['orderTime', 'asc'],
  ['gross', 'desc'],
  ['gross', 'asc'],
] as const;

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} dir="ltr" ta="start">
        {value}
      </Text>
    </Paper>
  );
}

export default function SettlementsPage() {
  const { t } = useTranslation('console-seller');
  const [pageNum, setPageNum] = useState(1);
  const [sort, setSortState] = useState<Sort>({ key: 'settleTime', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const query = useQuery({
    queryKey: ['seller-settlements', sort, pageNum],
    queryFn: () =>
      api('/api/admin/seller/settlements', {
        pageNum,
        pageSize: 20,
        sort: sort.key as SettlementSort,
        order: sort.direction,
      }),
  });
  const totals = query.data?.totals;
  return (
    <>
      <PageHeader title={t('settlements.title')} />
      {totals && (
        <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
          <Total label={t('settlements.count')} value={String(totals.count)} />
          <Total label={t('settlements.gross')} value={money(totals.gross)} />
          <Total label={t('settlements.commission')} value={money(totals.commission)} />
          <Total label={t('settlements.net')} value={money(totals.net)} />
        </SimpleGrid>
      )}
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<SettlementDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.orderId}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        empty={t('settlements.none')}
        columns={[
          { key: 'serial', label: t('orders.serial'), ltr: true, render: (r) => r.serialNo },
          {
            key: 'gross',
            label: t('settlements.gross'),
            ltr: true,
            sortable: true,
            render: (r) => money(r.gross),
          },
          {
            key: 'commission',
            label: t('settlements.commission'),
            ltr: true,
            render: (r) => money(r.commission),
          },
          { key: 'net', label: t('settlements.net'), ltr: true, render: (r) => money(r.net) },
          {
            key: 'orderTime',
            label: t('settlements.orderTime'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.orderTime),
          },
          {
            key: 'settleTime',
            label: t('settlements.settleTime'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.settleTime),
          },
        ]}
      />
      {/* The same ledger statement the wallet page shows, its settlements only. */}
      <Paper withBorder p="sm" mt="md">
        <WalletStatement type="settlement" />
      </Paper>
    </>
  );
}
