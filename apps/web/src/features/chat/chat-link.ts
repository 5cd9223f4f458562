/**
 * The storefront's one connection to the service chat, shared by the header badge and the window:
 * the WebSocket first (`/ws`, pushes at once), and while it is down the SPEC's polling (unread
 * every 30 s; the message list every 5 s while the window is open) with a new socket tried every
 * second. Messages are kept by their number in the conversation (seq): anything pushed out of
 * order, or missed while the socket was down, is fetched with `afterSeq`, so nothing is lost or
 * shown twice. Visitors are known by a random token this browser keeps.
 */
import {
  CHAT_SOCKET_PATH,
  type ChatMessageDto,
  type ChatServerFrame,
  type ChatUnreadDto,
  TIMERS,
} from '@mall/contract';
import { apiCall } from '../../lib/api-client.ts';
import { notificationArrived } from '../../lib/notifications-store.ts';
import { setServiceUnread } from '../../lib/service-dialog-store.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';

const VISITOR_KEY = 'chatVisitor';
const LAST_KEY = 'chatLastMessage';

export interface ChatState {
  messages: readonly ChatMessageDto[];
  unread: number;
  /**
   * An agent is online (else the window says messages wait for one); null until the server has
   * said, so the window never claims an agent it has not heard of.
   */
  online: boolean | null;
  socketUp: boolean;
  /** The conversation was closed by the agent; the next message opens it again. */
  closed: boolean;
  /** Older messages exist before the first one shown. */
  hasOlder: boolean;
  loaded: boolean;
}

type Identity = { token: string } | { visitor: string };

function randomToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's visitor token, made on first use when `create`. */
export function visitorToken(create: boolean): string | null {
  const stored = readStorage(VISITOR_KEY);
  if (stored && /^[A-Za-z0-9_-]{32,64}$/.test(stored)) return stored;
  if (!create) return null;
  const made = randomToken();
  writeStorage(VISITOR_KEY, made);
  return made;
}

class ChatLink {
  private identity: Identity | null = null;
  private socket: WebSocket | null = null;
  private retry = 0;
  private unreadTimer = 0;
  private listTimer = 0;
  private windowOpen = false;
  /** 0 none, 1 unread every 30 s, 2 also the list every 5 s (window open). */
  private polling = 0;
  private readonly bySeq = new Map<number, ChatMessageDto>();
  private fetching: Promise<void> | null = null;
  private refetch = false;
  private listeners = new Set<() => void>();
  state: ChatState = {
    messages: [],
    unread: 0,
    online: null,
    socketUp: false,
    closed: false,
    hasOlder: false,
    loaded: false,
  };

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<ChatState>): void {
    this.state = { ...this.state, ...patch };
    if (patch.unread !== undefined) setServiceUnread(patch.unread);
    for (const l of this.listeners) l();
  }

  /** Who is chatting: a signed-in user's token, else this browser's visitor token (if any). */
  identify(sessionToken: string | null, createVisitor: boolean): void {
    const next: Identity | null = sessionToken
      ? { token: sessionToken }
      : (() => {
          const v = visitorToken(createVisitor);
          return v ? { visitor: v } : null;
        })();
    if (JSON.stringify(next) === JSON.stringify(this.identity)) return;
    this.stop();
    this.identity = next;
    this.bySeq.clear();
    this.set({ messages: [], unread: 0, closed: false, hasOlder: false, loaded: false, socketUp: false });
    if (!next) return;
    this.connect();
    void this.refreshUnread();
  }

  get isVisitor(): boolean {
    return this.identity !== null && 'visitor' in this.identity;
  }

  private params(): Record<string, string> {
    return this.identity && 'visitor' in this.identity ? { visitorToken: this.identity.visitor } : {};
  }

  // ---- socket ---------------------------------------------------------------------------------

  private connect(): void {
    if (!this.identity || this.socket) return;
    let ws: WebSocket;
    try {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(`${scheme}://${window.location.host}${CHAT_SOCKET_PATH}`);
    } catch {
      this.socketDown();
      return;
    }
    this.socket = ws;
    const identity = this.identity;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', ...identity }));
    ws.onmessage = (event) => {
      if (this.socket !== ws) return;
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.socketDown();
    };
  }

  private socketDown(): void {
    if (this.state.socketUp) this.set({ socketUp: false });
    this.schedulePolling();
    window.clearTimeout(this.retry);
    // SPEC §7: the socket is tried again every second.
    this.retry = window.setTimeout(() => this.connect(), TIMERS.socketRetryMs);
  }

  private onFrame(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'hello': {
        this.set({ socketUp: true, unread: frame.unread, online: frame.online });
        this.schedulePolling();
        // Whatever arrived while the socket was down.
        if (this.state.loaded && frame.lastSeq > this.lastSeq()) void this.fill();
        break;
      }
      case 'message': {
        const m = frame.message;
        this.remember(m);
        // An agent answering is there, whatever the last presence said.
        if (m.send_receive === 'receive' && this.state.online === false) this.set({ online: true });
        if (!this.state.loaded) {
          this.set({ unread: frame.unread });
          break;
        }
        if (m.seq <= this.lastSeq() + 1) this.add([m]);
        else void this.fill();
        if (this.windowOpen && m.send_receive === 'receive') this.markRead(m.seq);
        else this.set({ unread: frame.unread, closed: false });
        break;
      }
      case 'unread':
        this.set({ unread: frame.count });
        break;
      case 'closed':
        this.set({ closed: true });
        break;
      case 'presence':
        this.set({ online: frame.online });
        break;
      case 'notification':
        notificationArrived(frame);
        break;
      default:
        break;
    }
  }

  private markRead(seq: number): void {
    this.set({ unread: 0 });
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'read', seq }));
    else
      void apiCall('/api/newOnlinechat!read.action', { body: { ...this.params(), seq } }).catch(
        () => undefined,
      );
  }

  // ---- polling while the socket is down (SPEC §4, §9) -----------------------------------------

  /** Polls only while the socket is down; timers are kept across retries so they get to fire. */
  private schedulePolling(): void {
    const want = this.state.socketUp || !this.identity ? 0 : this.windowOpen ? 2 : 1;
    if (want === this.polling) return;
    this.polling = want;
    window.clearInterval(this.unreadTimer);
    window.clearInterval(this.listTimer);
    if (want === 0) return;
    this.unreadTimer = window.setInterval(() => void this.refreshUnread(), TIMERS.unreadPollMs);
    if (want === 2) this.listTimer = window.setInterval(() => void this.fill(), TIMERS.chatPollMs);
  }

  async refreshUnread(): Promise<ChatUnreadDto | undefined> {
    if (!this.identity) return undefined;
    try {
      const u = await apiCall('/api/newOnlinechat!unread.action', { params: this.params() });
      this.set({ unread: this.windowOpen ? this.state.unread : u.count, online: u.online });
      if (this.windowOpen && u.lastSeq > this.lastSeq()) void this.fill();
      return u;
    } catch {
      return undefined;
    }
  }

  // ---- messages -------------------------------------------------------------------------------

  private lastSeq(): number {
    const list = this.state.messages;
    return list.length > 0 ? (list[list.length - 1] as ChatMessageDto).seq : 0;
  }

  private remember(m: ChatMessageDto): void {
    writeStorage(LAST_KEY, JSON.stringify({ id: m.id, seq: m.seq }));
  }

  private add(list: readonly ChatMessageDto[], older = false): void {
    let changed = false;
    for (const m of list) {
      if (this.bySeq.has(m.seq)) continue;
      this.bySeq.set(m.seq, m);
      changed = true;
    }
    if (!changed && !older) return;
    const messages = [...this.bySeq.values()].sort((a, b) => a.seq - b.seq);
    const last = messages[messages.length - 1];
    if (last) this.remember(last);
    this.set({ messages });
  }

  /** Loads the newest page (the window opening); the server marks it read. */
  async open(): Promise<void> {
    this.windowOpen = true;
    if (!this.identity) this.identify(null, true);
    this.schedulePolling();
    void this.refreshUnread();
    try {
      const page = await apiCall('/api/newOnlinechat!list.action', {
        method: 'POST',
        body: this.params(),
      });
      this.add(page);
      this.set({ loaded: true, unread: 0, hasOlder: (page[0]?.seq ?? 1) > 1 });
    } catch {
      this.set({ loaded: true });
    }
  }

  close(): void {
    this.windowOpen = false;
    this.schedulePolling();
  }

  /** Everything after the newest message held: gaps after a reconnect, polls, the refresh after sending. */
  fill(): Promise<void> {
    if (this.fetching) {
      this.refetch = true;
      return this.fetching;
    }
    this.fetching = (async () => {
      try {
        do {
          this.refetch = false;
          const after = this.lastSeq();
          const page = await apiCall('/api/newOnlinechat!list.action', {
            method: 'POST',
            body: { ...this.params(), afterSeq: after },
          });
          this.add(page);
          if (this.windowOpen) this.set({ unread: 0 });
        } while (this.refetch);
      } catch {
        // The next poll, push or reconnect tries again.
      } finally {
        this.fetching = null;
      }
    })();
    return this.fetching;
  }

  async loadOlder(): Promise<void> {
    const first = this.state.messages[0];
    if (!first) return;
    const page = await apiCall('/api/newOnlinechat!list.action', {
      method: 'POST',
      body: { ...this.params(), message_id: first.id },
    });
    this.add(page, true);
    this.set({ hasOlder: page.length > 0 && (page[0]?.seq ?? 1) > 1 });
  }

  async send(type: 'text' | 'img', content: string, productId?: string): Promise<ChatMessageDto> {
    if (!this.identity) this.identify(null, true);
    const message = await apiCall('/api/newOnlinechat!send.action', {
      body: {
        ...this.params(),
        type,
        // SPEC §5: the text goes URL-encoded.
        content: type === 'text' ? encodeURIComponent(content) : content,
        ...(productId ? { productId } : {}),
      },
    });
    if (message.seq <= this.lastSeq() + 1) this.add([message]);
    else void this.fill();
    this.set({ closed: false });
    // SPEC §4: the list refreshes a second after sending.
    window.setTimeout(() => void this.fill(), TIMERS.refreshAfterSendMs);
    return message;
  }

  stop(): void {
    window.clearTimeout(this.retry);
    window.clearInterval(this.unreadTimer);
    window.clearInterval(this.listTimer);
    this.polling = 0;
    const ws = this.socket;
    this.socket = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
  }
}

export const chatLink = new ChatLink();

/** Starts (or re-points) the connection for the current session; visitors only once they chatted. */
export function startChatLink(sessionToken: string | null): void {
  chatLink.identify(sessionToken, false);
}
