/**
 * Seller: reviews of the store's goods, newest first, by rating and with pictures only; sorted by
 * time or rating (headers on a desk, a menu on a phone).
 */
import type { SellerReviewDto, SellerReviewSort } from '@mall/contract';
import { Checkbox, Group, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { localTime } from '../../lib/format.ts';
import { usePaged } from '../../lib/use-paged.ts';

const RATINGS = ['all', '1', '2', '3'] as const;
const COLORS = { 1: 'green', 2: 'yellow', 3: 'red' } as const;
/** `rating` descending is the best first. */
const SORTS = [
  ['time', 'desc'],
  ['time', 'asc'],
  ['rating', 'desc'],
  ['rating', 'asc'],
] as const;

export default function ReviewsPage() {
  const { t } = useTranslation('console-seller');
  const { filter, setFilter, pageNum, setPageNum } = usePaged<{
    rating: (typeof RATINGS)[number];
    images: boolean;
  }>({
    rating: 'all',
    images: false,
  });
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const query = useQuery({
    queryKey: ['seller-reviews', filter, sort, pageNum],
    queryFn: () =>
      api('/api/admin/seller/reviews', {
        pageNum,
        pageSize: 20,
        sort: sort.key as SellerReviewSort,
        order: sort.direction,
        ...(filter.rating === 'all' ? {} : { evaluationType: filter.rating }),
        ...(filter.images ? { hasImage: true } : {}),
      }),
  });
  return (
    <>
      <PageHeader title={t('reviews.title')} />
      <Group mb="md" gap="md" wrap="wrap">
        <SegmentedControl
          value={filter.rating}
          onChange={(v) => setFilter({ ...filter, rating: v as (typeof RATINGS)[number] })}
          data={RATINGS.map((r) => ({ value: r, label: t(`reviews.rating.${r}`) }))}
        />
        <Checkbox
          label={t('reviews.withImages')}
          checked={filter.images}
          onChange={(e) => setFilter({ ...filter, images: e.currentTarget.checked })}
        />
      </Group>
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<SellerReviewDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.evaluationId}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        empty={t('reviews.none')}
        columns={[
          {
            key: 'goods',
            label: t('reviews.goods'),
            render: (r) => (
              <Group gap="sm" wrap="nowrap">
                {r.goodsImg && <Image src={r.goodsImg} alt="" w={40} h={40} radius="sm" fit="cover" />}
                <Stack gap={0} miw={0}>
                  <Text size="sm" lineClamp={2}>
                    {r.goodsName}
                  </Text>
                  {r.attrName && (
                    <Text size="xs" c="dimmed">
                      {r.attrName}
                    </Text>
                  )}
                </Stack>
              </Group>
            ),
          },
          {
            key: 'rating',
            label: t('reviews.ratingLabel'),
            sortable: true,
            render: (r) => (
              <StatusBadge
                status={`rating-${r.evaluationType}`}
                label={t(`reviews.rating.${r.evaluationType}`)}
                color={COLORS[r.evaluationType]}
              />
            ),
          },
          {
            key: 'content',
            label: t('reviews.content'),
            render: (r) => (
              <Stack gap={4}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {r.content}
                </Text>
                {r.imgUrls.length > 0 && (
                  <Group gap={4}>
                    {r.imgUrls.map((url) => (
                      <a key={url} href={url} target="_blank" rel="noreferrer">
                        <Image src={url} alt="" w={48} h={48} radius="sm" fit="cover" />
                      </a>
                    ))}
                  </Group>
                )}
              </Stack>
            ),
          },
          { key: 'user', label: t('reviews.user'), ltr: true, render: (r) => r.userName },
          {
            key: 'time',
            label: t('reviews.time'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.createTime),
          },
        ]}
      />
    </>
  );
}
