/**
 * Lock, disable or unlock a user, and business-lock them or lift it, each after a confirmation with
 * a reason (written to the audit log).
 */
import type { AdminUserDto } from '@mall/contract';
import { useTranslation } from 'react-i18next';
import { ask } from '../../lib/ask.ts';
import { useAdminAction } from './use-admin-action.ts';
import type { StatusChange } from './user-status.ts';

const DONE: Record<StatusChange, string> = {
  lock: 'users.locked',
  disable: 'users.disabled',
  unlock: 'users.unlocked',
};

export function useStatusChange() {
  const { t } = useTranslation('console-admin');
  const action = useAdminAction<`/api/admin/user/${StatusChange}`>(['admin-users', 'admin-user'], (u) =>
    t(DONE[statusKey(u.status)], { name: u.username }),
  );
  const change = async (user: AdminUserDto, kind: StatusChange) => {
    const values = await ask({
      title: t(`users.${kind}Title`, { name: user.username }),
      body: t(kind === 'unlock' ? 'users.unlockBody' : 'users.lockBody'),
      danger: kind !== 'unlock',
      confirmLabel: t(`action.${kind}`),
      fields: [{ name: 'remark', label: t('field.reason'), required: kind !== 'unlock', multiline: true }],
    });
    if (values)
      action.mutate({
        path: `/api/admin/user/${kind}` as const,
        body: { userId: user.id, remark: values.remark ?? '' },
      });
  };
  return { change, pending: action.isPending };
}

function statusKey(status: AdminUserDto['status']): StatusChange {
  return status === 'locked' ? 'lock' : status === 'disabled' ? 'disable' : 'unlock';
}

/**
 * A business lock stops the user's money moving (orders, payments, withdrawals, loans) while they
 * may still sign in; locking asks for a reason, lifting takes an optional one.
 */
export function useBusinessLock() {
  const { t } = useTranslation('console-admin');
  const action = useAdminAction<'/api/admin/user/businessLock'>(['admin-users', 'admin-user'], (u) =>
    t(u.businessLocked ? 'users.businessLocked' : 'users.businessUnlocked', { name: u.username }),
  );
  const toggle = async (user: AdminUserDto) => {
    const locking = !user.businessLocked;
    const kind = locking ? 'businessLock' : 'businessUnlock';
    const values = await ask({
      title: t(`users.${kind}Title`, { name: user.username }),
      body: t(`users.${kind}Body`),
      danger: locking,
      confirmLabel: t(`action.${kind}`),
      fields: [{ name: 'remark', label: t('field.reason'), required: locking, multiline: true }],
    });
    if (values)
      action.mutate({
        path: '/api/admin/user/businessLock',
        body: { userId: user.id, locked: locking, remark: values.remark ?? '' },
      });
  };
  return { toggle, pending: action.isPending };
}
