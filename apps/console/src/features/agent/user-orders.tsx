/** The customer's recent orders beside the conversation (nothing for visitors: no account). */

import { ORDER_STATUS } from '@mall/contract';
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager.tsx';
import { api } from '../../lib/api.ts';
import { localTime } from '../../lib/format.ts';

const STATUS_NAME = new Map<number, string>(Object.entries(ORDER_STATUS).map(([name, code]) => [code, name]));

export function UserOrders({ conversationId, visitor }: { conversationId: string; visitor: boolean }) {
  const { t } = useTranslation('console-agent');
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: ['agent-orders', conversationId, pageNum],
    queryFn: () => api('/api/admin/chat/orders', { conversationId, pageNum, pageSize: 5 }),
    enabled: !visitor,
  });
  const pages = query.data ? Math.ceil(query.data.pageInfo.total / query.data.pageInfo.pageSize) : 0;
  return (
    <Stack gap="xs" data-testid="user-orders">
      <Title order={5}>{t('orders.title')}</Title>
      {visitor && (
        <Text size="sm" c="dimmed">
          {t('orders.visitor')}
        </Text>
      )}
      {query.isLoading && !visitor && <Loader size="sm" />}
      {query.data?.pageList.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('orders.none')}
        </Text>
      )}
      {query.data?.pageList.map((o) => (
        <Paper key={o.id} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" dir="ltr" ff="monospace" truncate="end">
              {o.serialNo}
            </Text>
            <Badge variant="light" size="sm" style={{ minWidth: 'max-content' }}>
              {t(`orders.status.${STATUS_NAME.get(o.status) ?? 'unknown'}`)}
            </Badge>
          </Group>
          <Text size="sm" lineClamp={2} mt={4}>
            {o.items.map((i) => `${i.name} × ${i.count}`).join(', ')}
          </Text>
          <Group justify="space-between" gap="xs" mt={4}>
            <Text size="xs" c="dimmed" dir="ltr">
              {localTime(o.createTime)}
            </Text>
            <Text size="sm" fw={600} dir="ltr">{`${o.total} USDT`}</Text>
          </Group>
        </Paper>
      ))}
      {pages > 1 && <Pager size="sm" total={pages} value={pageNum} onChange={setPageNum} />}
    </Stack>
  );
}
