/**
 * Risk: real-name and advanced (C3) verification reviews. The queue (pending, oldest first) opens
 * by default; the documents open in the viewer; approve or refuse after a confirmation, a refusal
 * with its reason (the user sees it and may apply again). Deciding is for the risk role; an admin
 * may read the list. The server decides each application once, whoever clicks first. The time
 * column's header turns the order round on a desk; a menu does on a phone.
 */
import type { VerificationDto } from '@mall/contract';
import { Anchor, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
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
import { hasRole, useConsoleSession } from '../../lib/session.ts';
import { usePaged } from '../../lib/use-paged.ts';
import { type DocumentImage, DocumentViewer } from './document-viewer.tsx';
import { IdentityContext } from './identity-context.tsx';

type Row = VerificationDto & { id: string; userId: string; username: string };
const STATUSES = ['pending', 'approved', 'rejected', 'all'] as const;
const KINDS = ['all', 'realname', 'c3'] as const;
const SORTS = [
  ['time', 'asc'],
  ['time', 'desc'],
] as const;

export default function IdentityPage() {
  const { t } = useTranslation('console-risk');
  const queryClient = useQueryClient();
  const canDecide = hasRole(useConsoleSession(), 'risk');
  const { filter, setFilter, pageNum, setPageNum } = usePaged<(typeof STATUSES)[number]>('pending');
  const [kind, setKind] = useState<(typeof KINDS)[number]>('all');
  const [keyword, setKeyword] = useState('');
  // The queue reads oldest first; the column header turns it round.
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'asc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const [viewing, setViewing] = useState<{ row: Row; images: DocumentImage[] } | null>(null);
  const query = useQuery({
    queryKey: ['identity', filter, kind, keyword, sort, pageNum],
    queryFn: () =>
      api('/api/admin/identity/list', {
        pageNum,
        pageSize: 20,
        order: sort.direction,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(kind === 'all' ? {} : { kind }),
        ...(keyword ? { keyword } : {}),
      }),
  });
  const review = useMutation({
    mutationFn: (body: { id: string; approve: boolean; remark: string }) =>
      api('/api/admin/identity/review', body),
    onSuccess: (_, body) => {
      showDone(t(body.approve ? 'identity.approved' : 'identity.refused'));
      setViewing(null);
      void queryClient.invalidateQueries({ queryKey: ['identity'] });
    },
    onError: showError,
  });

  const who = (row: Row) => ({ user: row.username, name: row.realName ?? '', kind: t(`kind.${row.kind}`) });
  const approve = async (row: Row) => {
    const values = await ask({
      title: t('identity.approveTitle', who(row)),
      body: t(row.kind === 'realname' ? 'identity.approveBodyRealname' : 'identity.approveBodyC3', who(row)),
      confirmLabel: t('action.approve'),
      fields: [{ name: 'remark', label: t('field.remarkOptional'), multiline: true }],
    });
    if (values) review.mutate({ id: row.id, approve: true, remark: values.remark ?? '' });
  };
  const refuse = async (row: Row) => {
    const values = await ask({
      title: t('identity.refuseTitle', who(row)),
      body: t('identity.refuseBody'),
      confirmLabel: t('action.refuse'),
      danger: true,
      fields: [{ name: 'remark', label: t('field.reason'), required: true, multiline: true }],
    });
    if (values) review.mutate({ id: row.id, approve: false, remark: values.remark ?? '' });
  };
  const documents = (row: Row): DocumentImage[] =>
    (
      [
        ['front', row.frontImg],
        ['back', row.backImg],
        ['handheld', row.handheldImg],
      ] as const
    ).flatMap(([key, url]) => (url ? [{ label: t(`document.${key}`), url }] : []));
  const decideButtons = (row: Row) =>
    canDecide && row.status === 'pending' ? (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" onClick={() => approve(row)} loading={review.isPending}>
          {t('action.approve')}
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => refuse(row)} loading={review.isPending}>
          {t('action.refuse')}
        </Button>
      </Group>
    ) : null;

  return (
    <>
      <PageHeader
        title={t('identity.title')}
        actions={
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v as (typeof STATUSES)[number])}
            data={STATUSES.map((s) => ({ value: s, label: t(`identityStatus.${s}`) }))}
          />
        }
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <SearchBox
          label={t('identity.search')}
          placeholder={t('identity.search')}
          onSearch={(k) => {
            if (k === keyword) return;
            setKeyword(k);
            setPageNum(1);
          }}
        />
        <Select
          aria-label={t('field.kind')}
          value={kind}
          onChange={(v) => {
            setKind((v ?? 'all') as (typeof KINDS)[number]);
            setPageNum(1);
          }}
          data={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      <SortMenu t={t} texts="identitySort" sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<Row>
        rows={query.data?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        empty={filter === 'pending' && !keyword ? t('identity.emptyQueue') : undefined}
        columns={[
          {
            key: 'time',
            label: t('field.submitted'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.submitTime),
          },
          { key: 'user', label: t('field.user'), render: (r) => r.username },
          { key: 'kind', label: t('field.kind'), render: (r) => t(`kind.${r.kind}`) },
          {
            key: 'name',
            label: t('field.realName'),
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{r.realName ?? '-'}</Text>
                {r.nationality && (
                  <Text size="xs" c="dimmed">
                    {r.nationality}
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'idNumber', label: t('field.idNumber'), ltr: true, render: (r) => r.idNumber ?? '-' },
          {
            key: 'documents',
            label: t('field.documents'),
            render: (r) => (
              <Anchor
                component="button"
                size="sm"
                onClick={() => setViewing({ row: r, images: documents(r) })}
              >
                {t('identity.viewDocuments')}
              </Anchor>
            ),
          },
          {
            key: 'status',
            label: t('field.status'),
            render: (r) => <StatusBadge status={r.status} label={t(`identityStatus.${r.status}`)} />,
          },
          {
            key: 'remark',
            label: t('field.remark'),
            maxWidth: 200,
            text: (r) => r.remark ?? '',
            render: (r) => r.remark ?? '',
          },
          { key: 'actions', label: '', render: decideButtons },
        ]}
      />
      <DocumentViewer
        title={viewing ? t('identity.documentsOf', who(viewing.row)) : ''}
        images={viewing?.images ?? null}
        onClose={() => setViewing(null)}
        actions={viewing ? decideButtons(viewing.row) : null}
        aside={
          viewing?.row.kind === 'c3' ? (
            <IdentityContext userId={viewing.row.userId} username={viewing.row.username} />
          ) : undefined
        }
      />
    </>
  );
}
