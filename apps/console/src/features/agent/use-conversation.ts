/**
 * One conversation's messages, kept by their number (seq): a push next in line is added, anything
 * out of order or missed is fetched with `afterSeq`, so nothing is lost or shown twice. Opening
 * the newest page marks it read on the server.
 */
import type { ChatMessageDto } from '@mall/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';

export interface Conversation {
  messages: ChatMessageDto[];
  loading: boolean;
  hasOlder: boolean;
  /** A message pushed or sent: added when next in line, else the gap is fetched. */
  receive(m: ChatMessageDto): void;
  /** Everything after the newest held (polls, reconnects). */
  fill(): Promise<void>;
  loadOlder(): Promise<void>;
}

const lastSeqOf = (held: Map<number, unknown>) => Math.max(0, ...held.keys());

export function useConversation(conversationId: string | null): Conversation {
  const bySeq = useRef(new Map<number, ChatMessageDto>());
  const [messages, setMessages] = useState<ChatMessageDto[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const current = useRef(conversationId);
  current.current = conversationId;

  const add = useCallback((id: string, list: readonly ChatMessageDto[]) => {
    if (current.current !== id) return;
    for (const m of list) bySeq.current.set(m.seq, m);
    setMessages([...bySeq.current.values()].sort((a, b) => a.seq - b.seq));
  }, []);

  const lastSeq = () => lastSeqOf(bySeq.current);

  const fill = useCallback(async () => {
    const id = current.current;
    if (!id) return;
    try {
      add(
        id,
        await api('/api/admin/chat/messages', {
          conversationId: id,
          afterSeq: lastSeqOf(bySeq.current),
        }),
      );
    } catch {
      // The next push, poll or reconnect tries again.
    }
  }, [add]);

  useEffect(() => {
    bySeq.current = new Map();
    setMessages([]);
    setHasOlder(false);
    if (!conversationId) return;
    setLoading(true);
    api('/api/admin/chat/messages', { conversationId })
      .then((page) => {
        add(conversationId, page);
        if (current.current === conversationId) setHasOlder((page[0]?.seq ?? 1) > 1);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [conversationId, add]);

  return {
    messages,
    loading,
    hasOlder,
    fill,
    receive(m) {
      const id = current.current;
      if (!id) return;
      if (m.seq <= lastSeq() + 1) add(id, [m]);
      else void fill();
    },
    async loadOlder() {
      const id = current.current;
      const first = messages[0];
      if (!id || !first) return;
      const page = await api('/api/admin/chat/messages', {
        conversationId: id,
        message_id: first.id,
      });
      add(id, page);
      setHasOlder(page.length > 0 && (page[0]?.seq ?? 1) > 1);
    },
  };
}
