/**
 * Admin: merchant applications from the storefront's /merchantSettled. The queue (pending) opens
 * first; the detail shows the enterprise fields and the company proof, zoomable; approve (the
 * store opens and the applicant becomes a seller) or refuse with a reason the applicant sees,
 * each after a confirmation. The server decides each application once, whoever clicks first.
 * Newest first; the time column's header turns the order round on a desk, a menu on a phone.
 */
import type { MerchantApplicationDto } from '@mall/contract';
import type { ApiCallOf } from '@mall/contract/api-client';
import {
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Modal,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
import { localTime } from '../../lib/format.ts';
import { usePaged } from '../../lib/use-paged.ts';

const STATUSES = ['pending', 'approved', 'refused', 'all'] as const;
type Status = (typeof STATUSES)[number];
const SORTS = [
  ['time', 'desc'],
  ['time', 'asc'],
] as const;

function Field({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        size="sm"
        dir={ltr ? 'ltr' : undefined}
        ta="start"
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {value || '-'}
      </Text>
    </Stack>
  );
}

export default function MerchantsPage() {
  const { t } = useTranslation('console-merchants');
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const { filter, setFilter, pageNum, setPageNum } = usePaged<{ status: Status; keyword: string }>({
    status: 'pending',
    keyword: '',
  });
  const [viewing, setViewing] = useState<MerchantApplicationDto | null>(null);
  const [zoom, setZoom] = useState(1);
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const query = useQuery({
    queryKey: ['merchants', filter, sort, pageNum],
    queryFn: () =>
      api('/api/admin/merchants/list', {
        pageNum,
        pageSize: 20,
        order: sort.direction,
        ...(filter.status === 'all' ? {} : { status: filter.status }),
        ...(filter.keyword ? { keyword: filter.keyword } : {}),
      }),
  });
  const decide = useMutation({
    mutationFn: (
      input: ApiCallOf<'/api/admin/merchants/approve' | '/api/admin/merchants/refuse'> & { done: string },
    ) => api(input.path, input.body),
    onSuccess: (_, input) => {
      showDone(input.done);
      setViewing(null);
      void queryClient.invalidateQueries({ queryKey: ['merchants'] });
    },
    onError: showError,
  });
  const approve = async (row: MerchantApplicationDto) => {
    const ok = await ask({
      title: t('approveTitle', { store: row.storeName }),
      body: t('approveBody', { user: row.username }),
      confirmLabel: t('approve'),
    });
    if (ok)
      decide.mutate({ path: '/api/admin/merchants/approve', body: { id: row.id }, done: t('approved') });
  };
  const refuse = async (row: MerchantApplicationDto) => {
    const values = await ask({
      title: t('refuseTitle', { store: row.storeName }),
      danger: true,
      fields: [{ name: 'reason', label: t('reason'), required: true, multiline: true }],
    });
    if (values)
      decide.mutate({
        path: '/api/admin/merchants/refuse',
        body: { id: row.id, reason: values.reason ?? '' },
        done: t('refused'),
      });
  };
  const open = (row: MerchantApplicationDto) => {
    setZoom(1);
    setViewing(row);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <SegmentedControl
            value={filter.status}
            onChange={(v) => setFilter({ ...filter, status: v as Status })}
            data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        }
      />
      <Box mb="md">
        <SearchBox
          label={t('search')}
          placeholder={t('search')}
          onSearch={(keyword) => {
            if (keyword !== filter.keyword) setFilter({ ...filter, keyword });
          }}
        />
      </Box>
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<MerchantApplicationDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        empty={t('none')}
        columns={[
          {
            key: 'store',
            label: t('storeName'),
            render: (r) => (
              <Anchor component="button" onClick={() => open(r)}>
                {r.storeName}
              </Anchor>
            ),
          },
          { key: 'user', label: t('applicant'), ltr: true, render: (r) => r.username },
          { key: 'phone', label: t('phone'), ltr: true, render: (r) => r.businessPhone },
          {
            key: 'email',
            label: t('email'),
            ltr: true,
            maxWidth: 200,
            text: (r) => r.businessEmail,
            render: (r) => r.businessEmail,
          },
          { key: 'country', label: t('country'), render: (r) => r.country },
          {
            key: 'time',
            label: t('time'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.createTime),
          },
          {
            key: 'status',
            label: t('statusLabel'),
            render: (r) => <StatusBadge status={r.status} label={t(`status.${r.status}`)} />,
          },
          {
            key: 'actions',
            label: '',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="subtle" onClick={() => open(r)}>
                  {t('view')}
                </Button>
                {r.status === 'pending' && (
                  <>
                    <Button size="xs" onClick={() => void approve(r)} loading={decide.isPending}>
                      {t('approve')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="outline"
                      onClick={() => void refuse(r)}
                      loading={decide.isPending}
                    >
                      {t('refuse')}
                    </Button>
                  </>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t('detailTitle', { store: viewing.storeName }) : ''}
        size="xl"
        fullScreen={phone}
      >
        {viewing && (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label={t('storeName')} value={viewing.storeName} />
              <Field label={t('applicant')} value={viewing.username} ltr />
              <Field label={t('phone')} value={viewing.businessPhone} ltr />
              <Field label={t('email')} value={viewing.businessEmail} ltr />
              <Field label={t('country')} value={viewing.country} />
              <Field label={t('time')} value={localTime(viewing.createTime)} ltr />
            </SimpleGrid>
            <Field label={t('description')} value={viewing.description} />
            {viewing.status === 'refused' && <Field label={t('reason')} value={viewing.refuseReason} />}
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t('proof')}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={zoom <= 1}
                  onClick={() => setZoom((z) => z / 1.5)}
                  aria-label={t('zoomOut')}
                >
                  −
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={zoom >= 5}
                  onClick={() => setZoom((z) => z * 1.5)}
                  aria-label={t('zoomIn')}
                >
                  +
                </Button>
                <Anchor href={viewing.proofUrl} target="_blank" rel="noreferrer" size="sm">
                  {t('openFull')}
                </Anchor>
              </Group>
            </Group>
            <ScrollArea
              h={phone ? 360 : 440}
              type="auto"
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
            >
              <Image
                src={viewing.proofUrl}
                alt={t('proof')}
                fit="contain"
                style={{ width: `${zoom * 100}%`, maxWidth: 'none' }}
                data-testid="merchant-proof"
              />
            </ScrollArea>
            {viewing.status === 'pending' && (
              <Group justify="flex-end">
                <Button
                  color="red"
                  variant="outline"
                  onClick={() => void refuse(viewing)}
                  loading={decide.isPending}
                >
                  {t('refuse')}
                </Button>
                <Button onClick={() => void approve(viewing)} loading={decide.isPending}>
                  {t('approve')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
