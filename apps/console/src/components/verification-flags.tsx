/**
 * An account's "needs advanced verification" flags (issue 30): whether one is open, who raised it
 * and why, how each ended; risk and admins raise one with a reason or lift the open ones. Shown in
 * the admin's user view and beside a C3 review.
 */

import type { VerificationFlagsDto } from '@mall/contract';
import type { ApiCallOf } from '@mall/contract/api-client';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { ask } from '../lib/ask.ts';
import { showDone, showError } from '../lib/errors.ts';
import { localTime } from '../lib/format.ts';

export function VerificationFlags({ userId, username }: { userId: string; username: string }) {
  const { t } = useTranslation('console-verification');
  const queryClient = useQueryClient();
  const key = ['verification-flags', userId];
  const flags = useQuery({
    queryKey: key,
    queryFn: () => api('/api/admin/user/verificationFlags', { userId }),
  });
  const change = useMutation({
    mutationFn: (
      call: ApiCallOf<'/api/admin/user/verificationFlag/raise' | '/api/admin/user/verificationFlag/lift'>,
    ) => api(call.path, call.body as never) as Promise<VerificationFlagsDto>,
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      showDone(t('flags.saved'));
    },
    onError: showError,
  });
  const raise = async () => {
    const values = await ask({
      title: t('flags.raiseTitle', { user: username }),
      body: t('flags.raiseBody'),
      confirmLabel: t('flags.raise'),
      danger: true,
      fields: [{ name: 'reason', label: t('flags.reason'), required: true, multiline: true }],
    });
    if (values)
      change.mutate({
        path: '/api/admin/user/verificationFlag/raise',
        body: { userId, reason: values.reason ?? '' },
      });
  };
  const lift = async () => {
    const values = await ask({
      title: t('flags.liftTitle', { user: username }),
      body: '',
      confirmLabel: t('flags.lift'),
      fields: [{ name: 'remark', label: t('flags.remark'), multiline: true }],
    });
    if (values)
      change.mutate({
        path: '/api/admin/user/verificationFlag/lift',
        body: { userId, remark: values.remark ?? '' },
      });
  };
  const d = flags.data;
  return (
    <Stack gap="xs" data-testid="verification-flags">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={500}>{t('flags.title')}</Text>
          {d?.open && (
            <Text size="sm" c="red" fw={500}>
              {t('flags.open')}
            </Text>
          )}
        </Stack>
        {d && (
          <Button
            size="xs"
            variant={d.open ? 'default' : 'light'}
            color={d.open ? undefined : 'red'}
            onClick={d.open ? lift : raise}
            loading={change.isPending}
          >
            {d.open ? t('flags.lift') : t('flags.raise')}
          </Button>
        )}
      </Group>
      {d && d.flags.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('flags.none')}
        </Text>
      )}
      {d?.flags.map((f) => (
        <Stack key={f.id} gap={0}>
          <Text size="sm">{f.reason}</Text>
          <Text size="xs" c="dimmed">
            {t('flags.raised', { name: f.raisedBy, time: localTime(f.raiseTime) })}
          </Text>
          {f.liftTime && (
            <Text size="xs" c="dimmed">
              {f.liftedHow === 'c3'
                ? t('flags.liftedByC3', { time: localTime(f.liftTime) })
                : t('flags.liftedByOperator', { name: f.liftedBy ?? '', time: localTime(f.liftTime) })}
              {f.liftRemark ? ` · ${f.liftRemark}` : ''}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
