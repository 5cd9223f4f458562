/**
 * Admin: the audit log, newest first. Filter by action, by who acted (user name or id), by target
 * and by days; sort by time, action or target (headers on a desk, a menu on a phone); each entry
 * shows who, what, when, and opens its before/after.
 */
import type { AdminAuditEntryDto, AdminAuditSort } from '@mall/contract';
import { Anchor, Code, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { api } from '../../lib/api.ts';
import { failureText } from '../../lib/errors.ts';
import { localTime } from '../../lib/format.ts';
import { usePaged } from '../../lib/use-paged.ts';

interface Filter {
  action: string;
  actor: string;
  targetId: string;
  from: string;
  to: string;
}

const SORTS = [
  ['time', 'desc'],
  ['time', 'asc'],
  ['action', 'asc'],
  ['action', 'desc'],
  ['target', 'asc'],
  ['target', 'desc'],
] as const;

const json = (value: unknown) =>
  value === null || value === undefined ? '-' : JSON.stringify(value, null, 2);

export default function AuditPage() {
  const { t } = useTranslation('console-admin');
  const { filter, setFilter, pageNum, setPageNum } = usePaged<Filter>({
    action: '',
    actor: '',
    targetId: '',
    from: '',
    to: '',
  });
  const [typed, setTyped] = useState({ actor: '', targetId: '' });
  const [settled] = useDebouncedValue(typed, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text moves the filter
  useEffect(() => {
    if (settled.actor !== filter.actor || settled.targetId !== filter.targetId)
      setFilter({ ...filter, ...settled });
  }, [settled]);
  const [sort, setSortState] = useState<Sort>({ key: 'time', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const [open, setOpen] = useState<AdminAuditEntryDto | null>(null);
  const actions = useQuery({
    queryKey: ['admin-audit-actions'],
    queryFn: () => api('/api/admin/audit/actions'),
  });
  const list = useQuery({
    queryKey: ['admin-audit', filter, sort, pageNum],
    queryFn: () =>
      api('/api/admin/audit/list', {
        pageNum,
        pageSize: 20,
        sort: sort.key as AdminAuditSort,
        order: sort.direction,
        ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '')),
      }),
    retry: false,
  });

  return (
    <>
      <PageHeader title={t('audit.title')} />
      <SimpleGrid cols={{ base: 2, sm: 5 }} mb="md">
        <Select
          aria-label={t('field.action')}
          value={filter.action}
          onChange={(v) => setFilter({ ...filter, action: v ?? '' })}
          data={[
            { value: '', label: t('audit.allActions') },
            ...(actions.data ?? []).map((a) => ({ value: a, label: a })),
          ]}
          allowDeselect={false}
          searchable
        />
        <TextInput
          aria-label={t('audit.actor')}
          placeholder={t('audit.actor')}
          value={typed.actor}
          onChange={(e) => setTyped({ ...typed, actor: e.currentTarget.value.trim() })}
          maxLength={64}
        />
        <TextInput
          aria-label={t('audit.target')}
          placeholder={t('audit.target')}
          value={typed.targetId}
          onChange={(e) => setTyped({ ...typed, targetId: e.currentTarget.value.trim() })}
          maxLength={64}
        />
        <TextInput
          type="date"
          aria-label={t('field.from')}
          value={filter.from}
          onChange={(e) => setFilter({ ...filter, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          aria-label={t('field.to')}
          value={filter.to}
          onChange={(e) => setFilter({ ...filter, to: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      {list.error && (
        <Text c="red" size="sm" mb="sm">
          {failureText(list.error)}
        </Text>
      )}
      <DataTable<AdminAuditEntryDto>
        rows={list.error ? [] : list.data?.pageList}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        pageInfo={list.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        columns={[
          {
            key: 'time',
            label: t('field.time'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.createTime),
          },
          { key: 'actor', label: t('field.actor'), render: (r) => r.actorName ?? r.actorId },
          {
            key: 'action',
            label: t('field.action'),
            ltr: true,
            sortable: true,
            render: (r) => <Code>{r.action}</Code>,
          },
          {
            key: 'target',
            label: t('field.target'),
            ltr: true,
            sortable: true,
            maxWidth: 220,
            text: (r) => `${r.targetType} ${r.targetId}`,
            render: (r) => `${r.targetType} · ${r.targetId}`,
          },
          {
            key: 'change',
            label: t('field.change'),
            render: (r) => (
              <Anchor component="button" size="sm" onClick={() => setOpen(r)}>
                {t('action.view')}
              </Anchor>
            ),
          },
        ]}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('audit.entry', { action: open.action, target: open.targetId }) : ''}
        size="lg"
        centered
      >
        {open && (
          <Stack gap="xs">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {`${open.actorName ?? open.actorId} · ${localTime(open.createTime)}`}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <div>
                <Text size="xs" c="dimmed">
                  {t('audit.before')}
                </Text>
                <Code block dir="ltr">
                  {json(open.before)}
                </Code>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('audit.after')}
                </Text>
                <Code block dir="ltr">
                  {json(open.after)}
                </Code>
              </div>
            </SimpleGrid>
          </Stack>
        )}
      </Modal>
    </>
  );
}
