/**
 * Who is behind a record in finance's queues (issue 26): the user's name, account code and real
 * name instead of an internal id; "View" opens the user view (balance, statement, verification,
 * orders), "Requests" narrows the queue to the same user's requests, earlier ones included.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RecordPerson {
  username: string;
  usercode: string;
  realName: string | null;
}

export function PersonCell({
  row,
  onOpen,
  onHistory,
}: {
  row: { userId: string; user?: RecordPerson | null; reference?: string | null };
  onOpen(userId: string): void;
  onHistory(reference: string): void;
}) {
  const { t } = useTranslation('console-people');
  const u = row.user;
  return (
    <Stack gap={0} data-testid="record-person">
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {u?.username ?? row.userId}
      </Text>
      {u && (
        <Text size="xs" c="dimmed">
          <span dir="ltr">{u.usercode}</span>
          {u.realName ? ` · ${u.realName}` : ''}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap">
        <Anchor component="button" size="xs" onClick={() => onOpen(row.userId)}>
          {t('view')}
        </Anchor>
        {row.reference && (
          <Anchor component="button" size="xs" onClick={() => onHistory(row.reference ?? '')}>
            {t('requests')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
