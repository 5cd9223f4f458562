/**
 * One conversation: its messages (text shown as text with its line breaks, never as HTML;
 * pictures with a preview), a reply box (Enter sends, Shift+Enter breaks the line) with a picture
 * upload, and closing it after a confirmation.
 */
import type { ChatConversationDto, ChatMessageDto } from '@mall/contract';
import {
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api, uploadImage } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showError } from '../../lib/errors.ts';
import { localTime } from '../../lib/format.ts';
import type { Conversation } from './use-conversation.ts';

const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

function Bubble({ m, onPreview }: { m: ChatMessageDto; onPreview(url: string): void }) {
  const { t } = useTranslation('console-agent');
  const ours = m.send_receive === 'receive';
  return (
    <Stack
      gap={2}
      align={ours ? 'flex-end' : 'flex-start'}
      data-seq={m.seq}
      data-side={ours ? 'agent' : 'user'}
    >
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        bg={ours ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
      >
        {m.type === 'img' ? (
          <UnstyledButton onClick={() => onPreview(m.content)} aria-label={t('openPicture')}>
            <Image src={m.content} alt={t('picture')} mah={180} maw={220} fit="contain" radius="sm" />
          </UnstyledButton>
        ) : (
          // Text only: React escapes it; pre-wrap keeps the line breaks.
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.content}
          </Text>
        )}
      </Paper>
      <Text size="xs" c="dimmed" dir="ltr">
        {localTime(m.createtime)}
      </Text>
    </Stack>
  );
}

interface Props {
  conversation: ChatConversationDto;
  messages: Conversation;
  /** After a reply or a close: the inbox reloads. */
  onChanged(): void;
  /** Closed here: the conversation leaves the "mine" and "open" views, so the inbox cannot say so. */
  onClosed(): void;
  onBack?: (() => void) | undefined;
  onShowOrders?: (() => void) | undefined;
}

export function ConversationView({
  conversation,
  messages,
  onChanged,
  onClosed,
  onBack,
  onShowOrders,
}: Props) {
  const { t } = useTranslation('console-agent');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const closed = conversation.status === 'closed';
  const last = messages.messages[messages.messages.length - 1]?.seq;

  useEffect(() => {
    // Newest at the bottom whenever a message arrives.
    if (last !== undefined) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [last]);

  const send = async (type: 'text' | 'img', content: string) => {
    setSending(true);
    try {
      const m = await api('/api/admin/chat/reply', {
        conversationId: conversation.id,
        type,
        // The chat calls take text URL-encoded (docs/api/chat.md).
        content: type === 'text' ? encodeURIComponent(content) : content,
      });
      messages.receive(m);
      if (type === 'text') setText('');
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };
  const sendText = () => {
    if (text.trim() && !sending) void send('text', text);
  };
  const sendPicture = async (file: File | null) => {
    if (!file) return;
    if (!['image/jpeg', 'image/png'].includes(file.type) || file.size > IMAGE_MAX_BYTES) {
      showError(new Error(t('pictureRule')));
      return;
    }
    try {
      setSending(true);
      const url = await uploadImage(file, 'chat');
      await send('img', url);
    } catch (error) {
      showError(error);
      setSending(false);
    }
  };
  const close = async () => {
    const ok = await ask({
      title: t('closeTitle', { name: conversation.name }),
      body: t('closeBody'),
      confirmLabel: t('close'),
      danger: true,
    });
    if (!ok) return;
    try {
      await api('/api/admin/chat/close', { conversationId: conversation.id });
      onClosed();
      onChanged();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      {/* The actions drop below the name when both do not fit (a phone), rather than squeezing it. */}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 10rem' }}>
          {onBack && (
            <Button size="xs" variant="subtle" px={4} onClick={onBack} style={{ flex: 'none' }}>
              {t('back')}
            </Button>
          )}
          <Title order={4} title={conversation.name} style={{ minWidth: 0 }} lineClamp={1}>
            {conversation.name}
          </Title>
          <StatusBadge
            status={conversation.status}
            label={t(`status.${conversation.status}`)}
            color={closed ? 'gray' : undefined}
          />
        </Group>
        <Group gap="xs" wrap="nowrap" ms="auto">
          {onShowOrders && (
            <Button size="xs" variant="default" onClick={onShowOrders}>
              {t('orders.title')}
            </Button>
          )}
          {!closed && (
            <Button size="xs" color="red" variant="light" onClick={() => void close()}>
              {t('close')}
            </Button>
          )}
        </Group>
      </Group>
      <ScrollArea viewportRef={viewport} style={{ flex: 1, minHeight: 200 }} type="auto" aria-live="polite">
        <Stack gap="sm" p="xs">
          {messages.hasOlder && (
            <Button variant="subtle" size="xs" onClick={() => void messages.loadOlder()}>
              {t('older')}
            </Button>
          )}
          {messages.loading && <Loader mx="auto" />}
          {messages.messages.map((m) => (
            <Bubble key={m.seq} m={m} onPreview={setPreview} />
          ))}
        </Stack>
      </ScrollArea>
      {closed && (
        <Text size="sm" c="dimmed">
          {t('closedNote')}
        </Text>
      )}
      {!closed && (
        <Box>
          <Textarea
            placeholder={t('replyPlaceholder')}
            aria-label={t('reply')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                sendText();
              }
            }}
          />
          <Group justify="space-between" mt="xs">
            <FileButton onChange={(f) => void sendPicture(f)} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} variant="default" size="xs" disabled={sending}>
                  {t('sendPicture')}
                </Button>
              )}
            </FileButton>
            <Button size="xs" onClick={sendText} loading={sending} disabled={!text.trim()}>
              {t('send')}
            </Button>
          </Group>
        </Box>
      )}
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('picture')}
        size="lg"
        centered
      >
        {preview && <Image src={preview} alt={t('picture')} fit="contain" mah="70vh" />}
      </Modal>
    </Stack>
  );
}
