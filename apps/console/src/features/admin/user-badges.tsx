/** A user's state as badges: their status, and a second badge while a business lock holds. */
import type { AdminUserDto } from '@mall/contract';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { BUSINESS_LOCK_COLOR, STATUS_COLORS } from './user-status.ts';

export function UserBadges({ user }: { user: Pick<AdminUserDto, 'status' | 'businessLocked'> }) {
  const { t } = useTranslation('console-admin');
  return (
    <Group gap={4} wrap="wrap">
      <StatusBadge
        status={user.status}
        label={t(`userStatus.${user.status}`)}
        color={STATUS_COLORS[user.status]}
      />
      {user.businessLocked && (
        <StatusBadge
          status="businessLocked"
          label={t('users.businessLockedBadge')}
          color={BUSINESS_LOCK_COLOR}
        />
      )}
    </Group>
  );
}
