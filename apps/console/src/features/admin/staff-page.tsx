/**
 * Admin: staff roles and the staff holding them. Built-in roles are fixed; custom roles are created,
 * edited (name, description, capabilities) and deleted here, deletion after a confirmation; the
 * server refuses deleting a role someone holds (ROLE_IN_USE, shown translated). Below, everyone
 * holding a console role, by name or last sign-in (headers on a desk, a menu on a phone); a row
 * opens the user drawer to change their roles.
 */
import type { AdminUserDto, AdminUserSort, StaffRoleDto } from '@mall/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { localTime } from '../../lib/format.ts';
import { usePaged } from '../../lib/use-paged.ts';
import { RoleDialog } from './role-dialog.tsx';
import { useAdminAction } from './use-admin-action.ts';
import { UserDrawer } from './user-drawer.tsx';

const SORTS = [
  ['username', 'asc'],
  ['username', 'desc'],
  ['lastLoginTime', 'desc'],
  ['lastLoginTime', 'asc'],
] as const;

export default function StaffPage() {
  const { t } = useTranslation('console-admin');
  const [editing, setEditing] = useState<StaffRoleDto | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const { pageNum, setPageNum } = usePaged(null);
  // A roster reads by name.
  const [sort, setSortState] = useState<Sort>({ key: 'username', direction: 'asc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const roles = useQuery({
    queryKey: ['admin-roles'],
    queryFn: () => api('/api/admin/role/list'),
  });
  const staff = useQuery({
    queryKey: ['admin-staff', sort, pageNum],
    queryFn: () =>
      api('/api/admin/user/list', {
        staff: true,
        pageNum,
        pageSize: 20,
        sort: sort.key as AdminUserSort,
        order: sort.direction,
      }),
  });
  const [deleting, setDeleting] = useState('');
  const remove = useAdminAction<'/api/admin/role/delete'>(['admin-roles'], () =>
    t('staff.deleted', { name: deleting }),
  );
  const askDelete = async (role: StaffRoleDto) => {
    const ok = await ask({
      title: t('staff.deleteTitle', { name: role.name }),
      body: t('staff.deleteBody'),
      danger: true,
      confirmLabel: t('action.delete'),
    });
    if (!ok) return;
    setDeleting(role.name);
    remove.mutate({ path: '/api/admin/role/delete', body: { id: role.id } });
  };
  const roleName = (r: StaffRoleDto) => (r.system ? t(`role.${r.id}`) : r.name);

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        actions={<Button onClick={() => setEditing('new')}>{t('action.create')}</Button>}
      />
      <Stack gap="lg">
        <DataTable<StaffRoleDto>
          rows={roles.data}
          rowKey={(r) => r.id}
          loading={roles.isLoading}
          columns={[
            {
              key: 'name',
              label: t('field.name'),
              render: (r) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {roleName(r)}
                  </Text>
                  {r.system && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('staff.builtIn')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              key: 'description',
              label: t('field.description'),
              maxWidth: 240,
              text: (r) => r.description,
              render: (r) => r.description || '-',
            },
            {
              key: 'grants',
              label: t('field.grants'),
              render: (r) => r.grants.map((g) => t(`role.${g}`)).join(', '),
            },
            { key: 'holders', label: t('field.holders'), ltr: true, render: (r) => r.userCount },
            {
              key: 'updated',
              label: t('field.updated'),
              ltr: true,
              render: (r) => localTime(r.updateTime) || '-',
            },
            {
              key: 'actions',
              label: '',
              render: (r) =>
                r.system ? null : (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditing(r)}>
                      {t('action.edit')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={remove.isPending}
                      onClick={() => askDelete(r)}
                    >
                      {t('action.delete')}
                    </Button>
                  </Group>
                ),
            },
          ]}
        />
        <Title order={3}>{t('staff.members')}</Title>
        <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
        <DataTable<AdminUserDto>
          rows={staff.data?.pageList}
          rowKey={(r) => r.id}
          loading={staff.isLoading}
          pageInfo={staff.data?.pageInfo}
          onPage={setPageNum}
          sort={sort}
          onSort={setSort}
          columns={[
            { key: 'username', label: t('field.user'), sortable: true, render: (r) => r.username },
            {
              key: 'roles',
              label: t('field.roles'),
              render: (r) =>
                [
                  ...r.heldRoles.filter((x) => x !== 'buyer').map((x) => t(`role.${x}`)),
                  ...r.staffRoles.map((s) => s.name),
                ].join(', '),
            },
            { key: 'status', label: t('field.status'), render: (r) => t(`userStatus.${r.status}`) },
            {
              key: 'lastLoginTime',
              label: t('field.lastLogin'),
              ltr: true,
              sortable: true,
              render: (r) => localTime(r.lastLoginTime) || '-',
            },
            {
              key: 'actions',
              label: '',
              render: (r) => (
                <Button size="xs" variant="default" onClick={() => setOpenId(r.id)}>
                  {t('action.details')}
                </Button>
              ),
            },
          ]}
        />
      </Stack>
      <RoleDialog role={editing} onClose={() => setEditing(null)} />
      <UserDrawer userId={openId} onClose={() => setOpenId(null)} actions={() => null} />
    </>
  );
}
