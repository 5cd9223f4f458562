/**
 * One user in a drawer: who they are, their wallet and statement, verification, their latest orders,
 * loans, deposits, withdrawals and audit entries (user-history.tsx), and their roles (built-in ones
 * held directly and the brand's custom roles), which an admin changes here. The server refuses an
 * admin taking away their own admin (shown as its translated error).
 */
import { type AdminUserDto, GRANTABLE_ROLES, type Role } from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import {
  Button,
  Center,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerificationFlags } from '../../components/verification-flags.tsx';
import { api } from '../../lib/api.ts';
import { localTime, money } from '../../lib/format.ts';
import { WalletStatement } from '../statement/wallet-statement.tsx';
import { useAdminAction } from './use-admin-action.ts';
import { UserBadges } from './user-badges.tsx';
import { UserHistory } from './user-history.tsx';

function Fact({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* A left-to-right value (codes, e-mail, times, amounts) is isolated inline, so in Arabic it
          still starts its line on the right like the label above it. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {ltr ? <span dir="ltr">{children}</span> : children}
      </Text>
    </div>
  );
}

function RolesEditor({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation('console-admin');
  const roles = useQuery({
    queryKey: ['admin-roles'],
    queryFn: () => api('/api/admin/role/list'),
  });
  const [held, setHeld] = useState<string[]>(user.heldRoles);
  const [custom, setCustom] = useState<string[]>(user.staffRoles.map((r) => r.id));
  useEffect(() => {
    setHeld(user.heldRoles);
    setCustom(user.staffRoles.map((r) => r.id));
  }, [user]);
  const save = useAdminAction<'/api/admin/user/roles'>(
    ['admin-users', 'admin-user', 'admin-roles', 'admin-staff'],
    () => t('users.rolesSaved'),
  );
  const customRoles = (roles.data ?? []).filter((r) => !r.system);
  return (
    <Stack gap="xs">
      <Checkbox.Group label={t('users.builtInRoles')} value={held} onChange={setHeld}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt={6}>
          {(['buyer', ...GRANTABLE_ROLES] as Role[]).map((r) => (
            <Checkbox key={r} value={r} label={t(`role.${r}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group label={t('users.customRoles')} value={custom} onChange={setCustom}>
        {customRoles.length === 0 ? (
          <Text size="sm" c="dimmed" mt={6}>
            {t('users.noCustomRoles')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt={6}>
            {customRoles.map((r) => (
              <Checkbox key={r.id} value={r.id} label={r.name} />
            ))}
          </SimpleGrid>
        )}
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button
          size="xs"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              path: '/api/admin/user/roles',
              body: {
                userId: user.id,
                roles: held as ApiInput<'/api/admin/user/roles'>['roles'],
                staffRoleIds: custom,
              },
            })
          }
        >
          {t('action.saveRoles')}
        </Button>
      </Group>
    </Stack>
  );
}

export function UserDrawer({
  userId,
  onClose,
  actions,
}: {
  userId: string | null;
  onClose(): void;
  actions(user: AdminUserDto): ReactNode;
}) {
  const { t } = useTranslation('console-admin');
  const phone = useMediaQuery('(max-width: 48em)');
  const detail = useQuery({
    queryKey: ['admin-user', userId],
    queryFn: () => api('/api/admin/user/detail', { id: userId ?? '' }),
    enabled: userId !== null,
  });
  const d = detail.data;
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      title={t('users.detail')}
      position="right"
      size={phone ? '100%' : 'xl'}
    >
      {!d || d.user.id !== userId ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : (
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Title order={3}>{d.user.username}</Title>
            <UserBadges user={d.user} />
          </Group>
          {actions(d.user)}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Fact label={t('field.usercode')} ltr>
              {d.user.usercode}
            </Fact>
            <Fact label={t('field.contact')} ltr>
              {[d.user.email, d.user.phone && `+${d.user.areaCode ?? ''} ${d.user.phone}`]
                .filter(Boolean)
                .join(' · ') || '-'}
            </Fact>
            <Fact label={t('field.realName')}>{d.user.realName ?? '-'}</Fact>
            <Fact
              label={t('field.verification')}
            >{`${t('verificationStatus.realName')}: ${t(`verificationStatus.${d.user.realNameStatus}`)} · ${t('verificationStatus.c3')}: ${t(`verificationStatus.${d.user.c3Status}`)}`}</Fact>
            <Fact label={t('field.created')} ltr>
              {localTime(d.user.createTime)}
            </Fact>
            <Fact label={t('field.lastLogin')} ltr>
              {localTime(d.user.lastLoginTime) || '-'}
            </Fact>
          </SimpleGrid>
          <Divider />
          <SimpleGrid cols={3}>
            <Fact label={t('field.balance')} ltr>{`${money(d.wallet.balance)} ${d.wallet.currency}`}</Fact>
            <Fact label={t('field.frozen')} ltr>
              {money(d.wallet.frozen)}
            </Fact>
            <Fact label={t('field.available')} ltr>
              {money(d.wallet.available)}
            </Fact>
          </SimpleGrid>
          <WalletStatement userId={d.user.id} />
          <Divider />
          <Text fw={500}>{`${t('users.recentOrders')} (${d.orderCounts.all})`}</Text>
          {d.recentOrders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('users.noOrders')}
            </Text>
          ) : (
            d.recentOrders.map((o) => (
              <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" dir="ltr">
                  {o.serialNo}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`orders.status.${o.status}`)}
                </Text>
                <Text size="sm" dir="ltr">
                  {money(o.total)}
                </Text>
              </Group>
            ))
          )}
          <UserHistory detail={d} />
          <Divider />
          <VerificationFlags userId={d.user.id} username={d.user.username} />
          <Divider />
          <Text fw={500}>{t('field.roles')}</Text>
          <RolesEditor user={d.user} />
        </Stack>
      )}
    </Drawer>
  );
}
