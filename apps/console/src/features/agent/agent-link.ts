/**
 * The agent's live line to the chat (docs/api/chat.md): the WebSocket `/ws` signed in as an agent
 * pushes new messages of the agent's and the waiting conversations at once; while it is down a new
 * socket is tried every second and the page polls instead (`polling` turns true). Presence: a
 * heartbeat every minute (the server keeps an agent online for 90 s), `offline` when the page goes.
 */
import { CHAT_SOCKET_PATH, type ChatServerFrame, TIMERS } from '@mall/contract';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { consoleLanguage } from '../../lib/i18n.ts';
import { consoleSession } from '../../lib/session.ts';

const HEARTBEAT_MS = 60_000;

/** A push, or `reconnected` (a new socket's hello): what arrived meanwhile must be fetched. */
export type AgentEvent = Extract<ChatServerFrame, { type: 'message' | 'closed' }> | { type: 'reconnected' };

export interface AgentLink {
  socketUp: boolean;
  /** Agents of the brand online, from the latest heartbeat. */
  online: number | null;
}

export function useAgentLink(onFrame: (frame: AgentEvent) => void): AgentLink {
  const [socketUp, setSocketUp] = useState(false);
  const [online, setOnline] = useState<number | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const handler = useRef(onFrame);
  handler.current = onFrame;

  useEffect(() => {
    let stopped = false;
    let retry = 0;
    const connect = () => {
      const token = consoleSession()?.token;
      if (stopped || !token) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}${CHAT_SOCKET_PATH}`);
      socket.current = ws;
      ws.onopen = () =>
        ws.send(JSON.stringify({ type: 'auth', token, as: 'agent', lang: consoleLanguage() }));
      ws.onmessage = (event) => {
        let frame: ChatServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ChatServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'hello') {
          setSocketUp(true);
          handler.current({ type: 'reconnected' });
        } else if (frame.type === 'message' || frame.type === 'closed') {
          handler.current(frame);
        }
      };
      ws.onclose = () => {
        if (socket.current === ws) socket.current = null;
        setSocketUp(false);
        if (!stopped) retry = window.setTimeout(connect, TIMERS.socketRetryMs);
      };
    };
    const beat = () =>
      api('/api/admin/chat/heartbeat').then(
        (r) => setOnline(r.online),
        () => undefined,
      );
    const goOffline = () => {
      const token = consoleSession()?.token;
      if (!token) return;
      // keepalive: the call outlives the page being closed.
      void fetch(`/api/admin/chat/offline?lang=${consoleLanguage()}`, {
        method: 'POST',
        keepalive: true,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
    };
    connect();
    void beat();
    const heartbeat = window.setInterval(beat, HEARTBEAT_MS);
    window.addEventListener('pagehide', goOffline);
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearInterval(heartbeat);
      window.removeEventListener('pagehide', goOffline);
      const ws = socket.current;
      socket.current = null;
      if (ws) {
        ws.onclose = null;
        ws.close();
      }
      goOffline();
    };
  }, []);

  return { socketUp, online };
}
