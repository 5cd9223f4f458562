/**
 * Admin: every user of the brand. Search by name, e-mail, phone or code; filter by status and role;
 * sort by sign-up, name or last sign-in (headers on a desk, a menu on a phone). A row opens the
 * detail drawer (wallet, orders, roles); lock, disable and unlock ask for a reason first, and a
 * locked user's sessions end at once. A business lock (and its lifting) stops only the user's money
 * moving; a badge shows it on the row.
 */
import { type AdminUserDto, type AdminUserSort, ROLES, USER_STATUSES, type UserStatus } from '@mall/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SortMenu } from '../../components/sort-menu.tsx';
import { api } from '../../lib/api.ts';
import { localTime } from '../../lib/format.ts';
import { useConsoleSession } from '../../lib/session.ts';
import { usePaged } from '../../lib/use-paged.ts';
import { useBusinessLock, useStatusChange } from './user-actions.ts';
import { UserBadges } from './user-badges.tsx';
import { UserDrawer } from './user-drawer.tsx';
import { BUSINESS_LOCK_COLOR, changesFrom } from './user-status.ts';

const SORTS = [
  ['createTime', 'desc'],
  ['createTime', 'asc'],
  ['username', 'asc'],
  ['username', 'desc'],
  ['lastLoginTime', 'desc'],
  ['lastLoginTime', 'asc'],
] as const;

interface Filter {
  keyword: string;
  status: UserStatus | '';
  role: string;
}

export default function UsersPage() {
  const { t } = useTranslation('console-admin');
  const me = useConsoleSession()?.user.id;
  const { filter, setFilter, pageNum, setPageNum } = usePaged<Filter>({ keyword: '', status: '', role: '' });
  const [sort, setSortState] = useState<Sort>({ key: 'createTime', direction: 'desc' });
  const setSort = (next: Sort) => {
    setSortState(next);
    setPageNum(1);
  };
  const [openId, setOpenId] = useState<string | null>(null);
  const { change, pending } = useStatusChange();
  const business = useBusinessLock();
  // A phone shows each row as a card (and the drawer full width): the buttons wrap there.
  const phone = useMediaQuery('(max-width: 48em)');
  const wrap = phone ? 'wrap' : 'nowrap';
  const customRoles = useQuery({
    queryKey: ['admin-roles'],
    queryFn: () => api('/api/admin/role/list'),
  });
  const query = useQuery({
    queryKey: ['admin-users', filter, sort, pageNum],
    queryFn: () =>
      api('/api/admin/user/list', {
        pageNum,
        pageSize: 20,
        sort: sort.key as AdminUserSort,
        order: sort.direction,
        ...(filter.keyword ? { keyword: filter.keyword } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.role ? { role: filter.role } : {}),
      }),
  });
  const actions = (u: AdminUserDto) =>
    u.id === me ? null : (
      <Group gap="xs" wrap={wrap}>
        {changesFrom(u.status).map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant="light"
            color={kind === 'unlock' ? 'green' : kind === 'lock' ? 'orange' : 'red'}
            loading={pending}
            onClick={() => change(u, kind)}
          >
            {t(`action.${kind}`)}
          </Button>
        ))}
        {u.status !== 'cancelled' && (
          <Button
            size="xs"
            variant="light"
            color={u.businessLocked ? 'green' : BUSINESS_LOCK_COLOR}
            loading={business.pending}
            onClick={() => business.toggle(u)}
          >
            {t(u.businessLocked ? 'action.businessUnlock' : 'action.businessLock')}
          </Button>
        )}
      </Group>
    );

  return (
    <>
      <PageHeader
        title={t('users.title')}
        actions={
          <Group gap="xs" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
            <SearchBox
              label={t('users.search')}
              placeholder={t('users.search')}
              onSearch={(keyword) => {
                // A block: SearchBox calls this from an effect, whose return value React treats as cleanup.
                if (keyword !== filter.keyword) setFilter({ ...filter, keyword });
              }}
            />
            <Select
              aria-label={t('field.status')}
              value={filter.status}
              onChange={(v) => setFilter({ ...filter, status: (v ?? '') as UserStatus | '' })}
              data={[
                { value: '', label: t('userStatus.all') },
                ...USER_STATUSES.map((s) => ({ value: s, label: t(`userStatus.${s}`) })),
              ]}
              w={{ base: '48%', sm: 150 }}
              allowDeselect={false}
            />
            <Select
              aria-label={t('field.roles')}
              value={filter.role}
              onChange={(v) => setFilter({ ...filter, role: v ?? '' })}
              data={[
                { value: '', label: t('role.all') },
                ...ROLES.map((r) => ({ value: r, label: t(`role.${r}`) })),
                // The brand's custom roles filter by id.
                ...(customRoles.data ?? [])
                  .filter((r) => !r.system)
                  .map((r) => ({ value: r.id, label: r.name })),
              ]}
              w={{ base: '48%', sm: 150 }}
              allowDeselect={false}
            />
          </Group>
        }
      />
      <SortMenu t={t} sort={sort} onSort={setSort} choices={SORTS} />
      <DataTable<AdminUserDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={setSort}
        columns={[
          {
            key: 'username',
            label: t('field.user'),
            sortable: true,
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {r.username}
                </Text>
                <Text size="xs" c="dimmed" dir="ltr">
                  {r.usercode}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'contact',
            label: t('field.contact'),
            ltr: true,
            maxWidth: 200,
            text: (r) => r.email ?? `${r.areaCode ?? ''} ${r.phone ?? ''}`,
            render: (r) => r.email ?? (r.phone ? `+${r.areaCode ?? ''} ${r.phone}` : '-'),
          },
          {
            key: 'roles',
            label: t('field.roles'),
            render: (r) =>
              [...r.roles.map((x) => t(`role.${x}`)), ...r.staffRoles.map((s) => s.name)].join(', '),
          },
          {
            key: 'status',
            label: t('field.status'),
            render: (r) => <UserBadges user={r} />,
          },
          {
            key: 'createTime',
            label: t('field.created'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.createTime),
          },
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
              <Group gap="xs" wrap={wrap}>
                <Button size="xs" variant="default" onClick={() => setOpenId(r.id)}>
                  {t('action.details')}
                </Button>
                {actions(r)}
              </Group>
            ),
          },
        ]}
      />
      <UserDrawer userId={openId} onClose={() => setOpenId(null)} actions={actions} />
    </>
  );
}
