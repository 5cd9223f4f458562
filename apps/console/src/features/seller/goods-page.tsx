/**
 * Seller: the store's goods. Search by name, filter by state and category, sort by time, price,
 * sales or stock (headers on a desk, a menu on a phone), page through; create and edit in the editor, change stock, put on or take off
 * the shelf and delete (goods never ordered only), each after a confirmation.
 */
import type { SellerGoodsDetailDto, SellerGoodsRowDto, SellerGoodsSort } from '@mall/contract';
import type { ApiCallOf } from '@mall/contract/api-client';
import { Button, Group, Image, Menu, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showDone, showError } from '../../lib/errors.ts';
import { localTime, money } from '../../lib/format.ts';
import { usePaged } from '../../lib/use-paged.ts';
import { GoodsForm } from './goods-form.tsx';
import { StockDialog } from './stock-dialog.tsx';
import { useCategoryOptions } from './use-categories.ts';

const STATES = ['all', '1', '0'] as const;
type State = (typeof STATES)[number];

const SORTS = [
  ['created', 'desc'],
  ['created', 'asc'],
  ['price', 'desc'],
  ['price', 'asc'],
  ['sold', 'desc'],
  ['sold', 'asc'],
  ['stock', 'desc'],
  ['stock', 'asc'],
] as const;

export default function GoodsPage() {
  const { t } = useTranslation('console-seller');
  const queryClient = useQueryClient();
  const categories = useCategoryOptions();
  const { filter, setFilter, pageNum, setPageNum } = usePaged<{
    state: State;
    category: string | null;
    keyword: string;
  }>({
    state: 'all',
    category: null,
    keyword: '',
  });
  const [sort, setSortState] = useState<Sort>({ key: 'created', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const [editing, setEditing] = useState<{ goods: SellerGoodsDetailDto | null } | null>(null);
  const [stocking, setStocking] = useState<SellerGoodsDetailDto | null>(null);

  const query = useQuery({
    queryKey: ['seller-goods', filter, sort, pageNum],
    queryFn: () =>
      api('/api/admin/seller/goods/list', {
        pageNum,
        pageSize: 20,
        sort: sort.key as SellerGoodsSort,
        order: sort.direction,
        ...(filter.state === 'all' ? {} : { status: filter.state }),
        ...(filter.category ? { categoryId: filter.category } : {}),
        ...(filter.keyword ? { keyword: filter.keyword } : {}),
      }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['seller-goods'] });
  const detail = (row: SellerGoodsRowDto) =>
    api('/api/admin/seller/goods/info', { sellerGoodsId: row.sellerGoodsId });
  const act = useMutation({
    mutationFn: (
      input: ApiCallOf<'/api/admin/seller/goods/shelf' | '/api/admin/seller/goods/delete'> & { done: string },
    ) => api(input.path, input.body),
    onSuccess: (_, input) => {
      showDone(input.done);
      refresh();
    },
    onError: showError,
  });

  const open = async (row: SellerGoodsRowDto, then: (g: SellerGoodsDetailDto) => void) => {
    try {
      then(await detail(row));
    } catch (error) {
      showError(error);
    }
  };
  const shelf = async (row: SellerGoodsRowDto) => {
    const onShelf = row.status !== 1;
    const ok = await ask({
      title: t(onShelf ? 'goods.onShelfTitle' : 'goods.offShelfTitle', { name: row.name }),
      body: t(onShelf ? 'goods.onShelfBody' : 'goods.offShelfBody'),
      danger: !onShelf,
    });
    if (ok)
      act.mutate({
        path: '/api/admin/seller/goods/shelf',
        body: { sellerGoodsId: row.sellerGoodsId, onShelf },
        done: t(onShelf ? 'goods.putOn' : 'goods.takenOff'),
      });
  };
  const remove = async (row: SellerGoodsRowDto) => {
    const ok = await ask({
      title: t('goods.deleteTitle', { name: row.name }),
      body: t('goods.deleteBody'),
      danger: true,
    });
    if (ok)
      act.mutate({
        path: '/api/admin/seller/goods/delete',
        body: { sellerGoodsId: row.sellerGoodsId },
        done: t('goods.deleted'),
      });
  };

  return (
    <>
      <PageHeader
        title={t('goods.title')}
        actions={
          <Button onClick={() => setEditing({ goods: null })} data-testid="goods-create">
            {t('goods.create')}
          </Button>
        }
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <SearchBox
          label={t('goods.search')}
          placeholder={t('goods.search')}
          onSearch={(keyword) => {
            if (keyword !== filter.keyword) setFilter({ ...filter, keyword });
          }}
        />
        <SegmentedControl
          value={filter.state}
          onChange={(v) => setFilter({ ...filter, state: v as State })}
          data={STATES.map((s) => ({ value: s, label: t(`goods.state.${s}`) }))}
        />
        <Select
          placeholder={t('goods.allCategories')}
          aria-label={t('goods.category')}
          data={categories}
          value={filter.category}
          onChange={(v) => setFilter({ ...filter, category: v })}
          clearable
          searchable
          w={{ base: '100%', sm: 260 }}
        />
      </Group>
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<SellerGoodsRowDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.sellerGoodsId}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        empty={
          filter.keyword || filter.category || filter.state !== 'all' ? t('goods.noneFound') : t('goods.none')
        }
        columns={[
          {
            key: 'name',
            label: t('goods.name'),
            render: (r) => (
              <Group gap="sm" wrap="nowrap">
                <Image src={r.imgUrl1} alt="" w={44} h={44} radius="sm" fit="cover" />
                <Stack gap={0} miw={0}>
                  <Text size="sm" lineClamp={2}>
                    {r.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.categoryName}
                  </Text>
                </Stack>
              </Group>
            ),
          },
          {
            key: 'price',
            label: t('goods.price'),
            sortable: true,
            ltr: true,
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{money(r.price)}</Text>
                {r.discountPrice && (
                  <Text size="xs" c="dimmed" td="line-through">
                    {money(r.sellingPrice)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'stock',
            label: t('goods.stock'),
            sortable: true,
            ltr: true,
            render: (r) =>
              r.specCount > 0
                ? `${r.stock} · ${t('goods.specSummary', { count: r.specCount, stock: r.specStock })}`
                : r.stock,
          },
          { key: 'sold', label: t('goods.sold'), sortable: true, ltr: true, render: (r) => r.soldNum },
          {
            key: 'status',
            label: t('goods.status'),
            render: (r) => (
              <StatusBadge
                status={String(r.status)}
                label={t(`goods.state.${r.status}`)}
                color={r.status === 1 ? 'green' : 'gray'}
              />
            ),
          },
          {
            key: 'created',
            label: t('goods.created'),
            sortable: true,
            ltr: true,
            render: (r) => localTime(r.createTime),
          },
          {
            key: 'actions',
            label: '',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void open(r, (g) => setEditing({ goods: g }))}
                >
                  {t('common.edit', { ns: 'console' })}
                </Button>
                <Button
                  size="xs"
                  variant={r.status === 1 ? 'default' : 'filled'}
                  onClick={() => void shelf(r)}
                  loading={act.isPending}
                >
                  {r.status === 1 ? t('goods.takeOff') : t('goods.putOnShelf')}
                </Button>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button size="xs" variant="subtle" aria-label={t('goods.more')}>
                      ⋯
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => void open(r, setStocking)}>{t('goods.changeStock')}</Menu.Item>
                    <Menu.Item color="red" onClick={() => void remove(r)}>
                      {t('goods.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />
      {editing && (
        <GoodsForm
          key={editing.goods?.sellerGoodsId ?? 'new'}
          goods={editing.goods}
          opened
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <StockDialog
        goods={stocking}
        onClose={() => setStocking(null)}
        onSaved={(g) => {
          setStocking(g);
          refresh();
        }}
      />
    </>
  );
}
