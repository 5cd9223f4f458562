/**
 * Customer service: the agent's inbox (mine and waiting, all open, closed) with unread counts,
 * the selected conversation, and the customer's recent orders beside it. Live over the socket;
 * while it is down the inbox and the open conversation are polled every 5 s. On a phone one pane
 * shows at a time: inbox, conversation, orders.
 */
import type { ChatConversationDto } from '@mall/contract';
import { TIMERS } from '@mall/contract';
import { Box, Button, Chip, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { type AgentEvent, useAgentLink } from './agent-link.ts';
import { ConversationView } from './conversation-view.tsx';
import { InboxList } from './inbox-list.tsx';
import { useConversation } from './use-conversation.ts';
import { UserOrders } from './user-orders.tsx';

const VIEWS = ['mine', 'open', 'closed'] as const;
type View = (typeof VIEWS)[number];
const PAGE_SIZE = 20;

export default function ChatPage() {
  const { t } = useTranslation('console-agent');
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 62em)');
  const [view, setView] = useState<View>('mine');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<ChatConversationDto | null>(null);
  const [pane, setPane] = useState<'inbox' | 'chat' | 'orders'>('inbox');
  const messages = useConversation(selected?.id ?? null);

  const inbox = useQuery({
    queryKey: ['agent-inbox', view, pageNum],
    queryFn: () => api('/api/admin/chat/inbox', { view, pageNum, pageSize: PAGE_SIZE }),
  });
  const refreshInbox = () => void queryClient.invalidateQueries({ queryKey: ['agent-inbox'] });

  const markClosed = () => setSelected((s) => (s ? { ...s, status: 'closed' } : s));
  const onEvent = (event: AgentEvent) => {
    refreshInbox();
    if (event.type === 'reconnected') void messages.fill();
    else if (event.type === 'message' && event.conversationId === selected?.id)
      messages.receive(event.message);
    else if (event.type === 'closed' && event.conversationId === selected?.id) markClosed();
  };
  const link = useAgentLink(onEvent);

  // The socket is down: poll (docs/api/chat.md).
  useEffect(() => {
    if (link.socketUp) return;
    const timer = window.setInterval(() => {
      refreshInbox();
      void messages.fill();
    }, TIMERS.chatPollMs);
    return () => window.clearInterval(timer);
  });

  // The selected conversation as the inbox last saw it (status, name); it may leave the view. Only
  // when a new inbox arrives: a change made here (closed) must not be undone by the older inbox.
  useEffect(() => {
    setSelected((s) => {
      const fresh = inbox.data?.pageList.find((c) => c.id === s?.id);
      return fresh && JSON.stringify(fresh) !== JSON.stringify(s) ? fresh : s;
    });
  }, [inbox.data]);

  // Whatever the customer wrote while this conversation is on screen is read at once.
  const selectedId = selected?.id ?? null;
  const lastFromCustomer = [...messages.messages].reverse().find((m) => m.send_receive === 'send')?.seq;
  useEffect(() => {
    if (!selectedId || lastFromCustomer === undefined) return;
    api('/api/admin/chat/read', { conversationId: selectedId, seq: lastFromCustomer }).then(
      () => queryClient.invalidateQueries({ queryKey: ['agent-inbox'] }),
      () => undefined,
    );
  }, [selectedId, lastFromCustomer, queryClient]);

  const select = (id: string) => {
    const c = inbox.data?.pageList.find((r) => r.id === id) ?? null;
    setSelected(c);
    setPane('chat');
  };
  const pages = inbox.data ? Math.ceil(inbox.data.pageInfo.total / inbox.data.pageInfo.pageSize) : 0;

  const inboxPane = (
    <Stack gap="sm">
      {/* Chips wrap in a narrow column or a long language; a segmented control cut its labels off. */}
      <Chip.Group
        value={view}
        onChange={(v) => {
          setView(v as View);
          setPageNum(1);
        }}
      >
        <Group gap={6}>
          {VIEWS.map((v) => (
            <Chip key={v} value={v} size="sm">
              {t(`views.${v}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {inbox.isLoading && <Loader mx="auto" />}
      {inbox.data?.pageList.length === 0 && (
        <Text c="dimmed" ta="center" p="md">
          {t('empty')}
        </Text>
      )}
      <InboxList
        rows={inbox.data?.pageList ?? []}
        selected={selected?.id ?? null}
        onSelect={select}
        pageNum={pageNum}
        pages={pages}
        onPage={setPageNum}
      />
    </Stack>
  );
  const chatPane = selected ? (
    <ConversationView
      conversation={selected}
      messages={messages}
      onChanged={refreshInbox}
      onClosed={markClosed}
      onBack={phone ? () => setPane('inbox') : undefined}
      onShowOrders={phone ? () => setPane('orders') : undefined}
    />
  ) : (
    <Text c="dimmed" ta="center" p="xl">
      {t('pick')}
    </Text>
  );
  const ordersPane = selected ? (
    <UserOrders conversationId={selected.id} visitor={selected.ownerType === 'visitor'} />
  ) : null;

  const presence = (
    <Group gap="xs">
      <Box
        w={10}
        h={10}
        style={{
          borderRadius: 5,
          background: link.socketUp ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-orange-6)',
        }}
      />
      <Text size="sm" c="dimmed" data-testid="presence">
        {link.socketUp ? t('live') : t('polling')}
        {link.online !== null ? ` · ${t('agentsOnline', { count: link.online })}` : ''}
      </Text>
    </Group>
  );

  if (phone) {
    return (
      <>
        <PageHeader title={t('title')} actions={presence} />
        <Paper withBorder p="sm">
          {pane === 'inbox' || !selected ? inboxPane : null}
          {pane === 'chat' && selected ? <Box h="calc(100dvh - 200px)">{chatPane}</Box> : null}
          {pane === 'orders' && selected ? (
            <Stack>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setPane('chat')}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('backToChat')}
              </Button>
              {ordersPane}
            </Stack>
          ) : null}
        </Paper>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('title')} actions={presence} />
      <Grid gap="md">
        <Grid.Col span={3}>
          <Paper withBorder p="sm" h="calc(100vh - 150px)" style={{ overflowY: 'auto' }}>
            {inboxPane}
          </Paper>
        </Grid.Col>
        <Grid.Col span={6}>
          <Paper withBorder p="sm" h="calc(100vh - 150px)">
            {chatPane}
          </Paper>
        </Grid.Col>
        <Grid.Col span={3}>
          <Paper withBorder p="sm" h="calc(100vh - 150px)" style={{ overflowY: 'auto' }}>
            {ordersPane ?? (
              <Text c="dimmed" size="sm">
                {t('orders.pick')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
