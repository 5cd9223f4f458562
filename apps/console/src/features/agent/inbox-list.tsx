/** The inbox: conversations with their unread counts, newest activity first. */

import type { ChatConversationDto } from '@mall/contract';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager.tsx';
import { localTime } from '../../lib/format.ts';

interface Props {
  rows: ChatConversationDto[];
  selected: string | null;
  onSelect(id: string): void;
  pageNum: number;
  pages: number;
  onPage(pageNum: number): void;
}

function preview(c: ChatConversationDto, picture: string): string {
  if (!c.lastMessage) return '';
  return c.lastMessage.type === 'img' ? picture : c.lastMessage.content.replace(/\s+/g, ' ');
}

export function InboxList({ rows, selected, onSelect, pageNum, pages, onPage }: Props) {
  const { t } = useTranslation('console-agent');
  return (
    <Stack gap={4}>
      {rows.map((c) => (
        <UnstyledButton
          key={c.id}
          onClick={() => onSelect(c.id)}
          p="sm"
          data-conversation={c.id}
          aria-current={c.id === selected ? 'true' : undefined}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            background: c.id === selected ? 'var(--mantine-primary-color-light)' : undefined,
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={c.unread > 0 ? 700 : 500} size="sm" truncate="end">
              {c.name}
            </Text>
            {c.unread > 0 && (
              <Badge
                color="red"
                circle={c.unread < 10}
                aria-label={t('unread', { count: c.unread })}
                data-unread={c.unread}
              >
                {c.unread}
              </Badge>
            )}
          </Group>
          {/* The customer's words take their own direction; the line stays aligned with the name. */}
          <Text size="xs" c="dimmed" truncate="end">
            {c.lastMessage?.send_receive === 'receive' ? `${t('you')}: ` : ''}
            <span dir="auto">{preview(c, t('picture'))}</span>
          </Text>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" dir="ltr">
              {localTime(c.updatedAt)}
            </Text>
            <Text size="xs" c={c.status === 'waiting' ? 'orange' : 'dimmed'}>
              {t(`status.${c.status}`)}
            </Text>
          </Group>
        </UnstyledButton>
      ))}
      {pages > 1 && <Pager size="sm" total={pages} value={pageNum} onChange={onPage} mt="xs" />}
    </Stack>
  );
}
