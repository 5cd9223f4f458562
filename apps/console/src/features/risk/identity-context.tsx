import { Anchor, Divider, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { VerificationFlags } from '../../components/verification-flags.tsx';
import { api } from '../../lib/api.ts';
import { localTime } from '../../lib/format.ts';

function Fact({ label, value, ltr }: { label: string; value: string | null; ltr?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {ltr ? <bdi dir="ltr">{value ?? '-'}</bdi> : (value ?? '-')}
      </Text>
    </Stack>
  );
}

export function IdentityContext({ userId, username }: { userId: string; username: string }) {
  const { t } = useTranslation('console-verification');
  const context = useQuery({
    queryKey: ['identity-context', userId],
    queryFn: () => api('/api/admin/identity/context', { userId }),
  });
  const c = context.data;
  if (!c) return <Loader size="sm" />;
  const id = c.identity;
  const photos = id
    ? (
        [
          ['approvedFront', id.frontImg],
          ['approvedBack', id.backImg],
          ['approvedHandheld', id.handheldImg],
        ] as const
      ).flatMap(([key, url]) => (url ? [{ label: t(`identity.${key}`), url }] : []))
    : [];
  return (
    <Stack gap="sm" data-testid="identity-context">
      <Title order={5}>{t('identity.approved')}</Title>
      {id ? (
        <>
          <Fact label={t('identity.realName')} value={id.realName} />
          <Fact label={t('identity.idNumber')} value={id.idNumber} ltr />
          <Fact label={t('identity.nationality')} value={id.nationality} />
          <Group gap="xs" wrap="wrap">
            {photos.map((p) => (
              <Anchor key={p.url} href={p.url} target="_blank" rel="noopener noreferrer" title={p.label}>
                <Image src={p.url} alt={p.label} w={120} h={80} fit="cover" radius="sm" />
                <Text size="xs" maw={120} truncate="end">
                  {p.label}
                </Text>
              </Anchor>
            ))}
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('identity.noIdentity')}
        </Text>
      )}
      <Divider />
      <Title order={5}>{t('identity.history')}</Title>
      {c.history.map((h) => (
        <Group key={h.id} justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm">{t(`kind.${h.kind}`)}</Text>
            <Text size="xs" c="dimmed" dir="ltr">
              {localTime(h.reviewTime ?? h.submitTime)}
            </Text>
            {(h.reviewer || h.remark) && (
              <Text size="xs" c="dimmed">
                {[h.reviewer ? t('identity.by', { name: h.reviewer }) : '', h.remark ?? '']
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </Stack>
          <StatusBadge status={h.status} label={t(`status.${h.status}`)} />
        </Group>
      ))}
      <Divider />
      <VerificationFlags userId={userId} username={username} />
    </Stack>
  );
}
