/** A page for some roles only: others see why, not a broken page (the server refuses them anyway). */
import type { Role } from '@mall/contract';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, useConsoleSession } from '../lib/session.ts';

export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useConsoleSession();
  if (!hasRole(session, ...roles)) {
    return (
      <Alert color="yellow" title={t('NO_PERMISSION', { ns: 'errors' })}>
        {t('common.noPermissionBody')}
      </Alert>
    );
  }
  return children;
}
