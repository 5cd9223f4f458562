/**
 * The chat's WebSocket (`/ws` on the API's own port): JSON frames, authenticated by a first `auth`
 * frame (session token, or visitor token), then pushed every new message and unread count of the
 * caller's conversation (agents: of their conversations, and of waiting ones) the moment any
 * process stores one (bus topic `chat.deliver`; Redis pub/sub with several processes).
 *
 * Memory per socket is kept small for tens of thousands of idle sockets: no per-message deflate
 * (its zlib contexts cost tens of KB each), shared listener functions (`this` is the socket)
 * instead of closures, a few fields on the socket itself, no timer per socket (one sweep closes
 * sockets that never authenticated and pings the rest, dropping those that did not answer).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  BRANDS,
  type Brand,
  CHAT_CLOSE,
  CHAT_LIMITS,
  CHAT_SOCKET_PATH,
  type ChatServerFrame,
} from '@mall/contract';
import { DEFAULT_LANGUAGE } from '@mall/i18n';
import { WebSocket, WebSocketServer } from 'ws';
import type { BrandResolver } from '../../core/brand.ts';
import type { Bus } from '../../core/bus.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestContext } from '../../core/http/request-context.ts';
import type { ChatPresence } from './chat.presence.ts';
import {
  type ChatOwner,
  type ChatService,
  DELIVER_TOPIC,
  type Delivery,
  userOwner,
  visitorOwner,
} from './chat.service.ts';

const SWEEP_MS = 10_000;
/** Sockets ping every third sweep (30 s); one that has not answered the previous ping is dropped. */
const PING_EVERY_SWEEPS = 3;
const AUTH_WITHIN_MS = 10_000;
/** Sessions behind user and agent sockets are checked again every 30th sweep (5 min). */
const REAUTH_EVERY_SWEEPS = 30;
const BRAND_BY_KEY = new Map<string, Brand>(BRANDS.map((b) => [b.key, b]));
/** A client this far behind on reading its pushes is dropped (it fills its gap when it returns). */
const MAX_BUFFERED = 512 * 1024;

const PENDING = 0;
const AUTHENTICATING = 1;
const USER = 2;
const VISITOR = 3;
const AGENT = 4;

/** What a socket carries: a handful of fields on the ws object itself (no extra object). */
type ChatSocket = WebSocket & {
  /** Mode: PENDING ... AGENT. */
  _m: number;
  _hub: ChatSockets;
  /** The route key: `brand|ownerKey` (users, visitors) or `brand|agentId` (agents). */
  _k: string;
  _brand: string;
  /** User id (users, agents) or null. */
  _uid: string | null;
  /** Connected at (ms) while pending; alive flag after: 1 answered the last ping. */
  _t: number;
  /** The Host header until authenticated; then the session token of users and agents (re-checked). */
  _s: string | undefined;
  /** Users and visitors: whether an agent was online when last told (hello or presence frame). */
  _o?: boolean;
};

type Authenticate = (ctx: RequestContext) => Actor | Promise<Actor>;

function onMessage(this: WebSocket, data: Buffer, isBinary: boolean): void {
  const s = this as ChatSocket;
  s._hub.frame(s, data, isBinary);
}
function onPong(this: WebSocket): void {
  (this as ChatSocket)._t = 1;
}
function onClose(this: WebSocket): void {
  const s = this as ChatSocket;
  s._hub.closed(s);
}
function onError(): void {
  // Protocol errors (oversized or malformed frames) close the socket; nothing else to do.
}

function add(map: Map<string, ChatSocket | ChatSocket[]>, key: string, s: ChatSocket): void {
  const v = map.get(key);
  if (v === undefined) map.set(key, s);
  else if (Array.isArray(v)) v.push(s);
  else map.set(key, [v, s]);
}

function remove(map: Map<string, ChatSocket | ChatSocket[]>, key: string, s: ChatSocket): boolean {
  const v = map.get(key);
  if (v === undefined) return false;
  if (v === s) {
    map.delete(key);
    return true;
  }
  if (!Array.isArray(v)) return false;
  const i = v.indexOf(s);
  if (i < 0) return false;
  v.splice(i, 1);
  if (v.length === 1) map.set(key, v[0] as ChatSocket);
  return true;
}

function send(s: ChatSocket, text: string): void {
  if (s.readyState !== WebSocket.OPEN) return;
  if (s.bufferedAmount > MAX_BUFFERED) {
    s.terminate();
    return;
  }
  s.send(text);
}

function sendAll(v: ChatSocket | ChatSocket[] | undefined, text: string): void {
  if (v === undefined) return;
  if (Array.isArray(v)) for (const s of v) send(s, text);
  else send(v, text);
}

const json = (f: ChatServerFrame) => JSON.stringify(f);

export class ChatSockets {
  private readonly wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: CHAT_LIMITS.frameMaxBytes,
  });
  private readonly pending = new Set<ChatSocket>();
  private readonly owners = new Map<string, ChatSocket | ChatSocket[]>();
  private readonly agents = new Map<string, ChatSocket | ChatSocket[]>();
  private timer: NodeJS.Timeout | undefined;
  private sweeps = 0;
  private readonly unsubscribe: () => void;
  private readonly onConnection = (ws: WebSocket, req: IncomingMessage) =>
    this.connected(ws as ChatSocket, req);

  constructor(
    private readonly service: ChatService,
    private readonly presence: ChatPresence,
    private readonly brands: BrandResolver,
    private readonly authenticate: Authenticate,
    bus: Bus,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = bus.subscribe(DELIVER_TOPIC, (payload) => this.deliver(payload as Delivery));
  }

  /** Open sockets, for tests and the bench. */
  get counts(): { pending: number; owners: number; agents: number } {
    const n = (map: Map<string, ChatSocket | ChatSocket[]>) => {
      let total = 0;
      for (const v of map.values()) total += Array.isArray(v) ? v.length : 1;
      return total;
    };
    return { pending: this.pending.size, owners: n(this.owners), agents: n(this.agents) };
  }

  start(): void {
    this.timer ??= setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /** The HTTP server's `upgrade` event: only `/ws` becomes a socket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path !== CHAT_SOCKET_PATH && path !== `${CHAT_SOCKET_PATH}/`) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, this.onConnection);
  }

  private connected(s: ChatSocket, req: IncomingMessage): void {
    s._hub = this;
    s._m = PENDING;
    s._k = '';
    s._brand = '';
    s._uid = null;
    s._t = this.now();
    s._s = req.headers.host;
    s.on('message', onMessage);
    s.on('pong', onPong);
    s.on('close', onClose);
    s.on('error', onError);
    this.pending.add(s);
  }

  frame(s: ChatSocket, data: Buffer, isBinary: boolean): void {
    if (isBinary) {
      s.close(1003, 'text frames only');
      return;
    }
    let f: unknown;
    try {
      f = JSON.parse(data.toString('utf8'));
    } catch {
      s.close(CHAT_CLOSE.badFrame, 'not JSON');
      return;
    }
    const type = typeof f === 'object' && f !== null ? (f as { type?: unknown }).type : undefined;
    if (s._m === PENDING) {
      if (type !== 'auth') {
        s.close(CHAT_CLOSE.unauthorized, 'auth first');
        return;
      }
      s._m = AUTHENTICATING;
      void this.auth(s, f as Record<string, unknown>);
      return;
    }
    if (s._m === AUTHENTICATING) return;
    if (type === 'ping') {
      const id = (f as { id?: unknown }).id;
      send(s, typeof id === 'number' ? `{"type":"pong","id":${id}}` : '{"type":"pong"}');
    } else if (type === 'read') {
      const { seq, conversationId } = f as { seq?: unknown; conversationId?: unknown };
      if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) {
        s.close(CHAT_CLOSE.badFrame, 'bad read');
        return;
      }
      void this.read(s, seq, typeof conversationId === 'string' ? conversationId : undefined);
    } else if (type !== 'auth') {
      s.close(CHAT_CLOSE.badFrame, 'unknown frame');
    }
  }

  private ownerOf(s: ChatSocket): ChatOwner {
    return { key: s._k.slice(s._brand.length + 1), userId: s._m === USER ? s._uid : null };
  }

  private async auth(s: ChatSocket, f: Record<string, unknown>): Promise<void> {
    const brand = this.brands.forHost(s._s);
    try {
      let hello: ChatServerFrame;
      if (typeof f.token === 'string' && f.token !== '') {
        const ctx: RequestContext = {
          brand,
          lang: DEFAULT_LANGUAGE,
          params: {},
          token: f.token,
          actor: undefined,
          ip: '',
        };
        const actor = await this.authenticate(ctx);
        if (f.as === 'agent') {
          if (!actor.roles.includes('agent')) throw new Error('not an agent');
          s._m = AGENT;
          s._uid = actor.userId;
          s._k = `${brand.key}|${actor.userId}`;
          const unread = await this.service.agentUnread(brand.key, actor.userId);
          hello = { type: 'hello', role: 'agent', unread, lastSeq: 0, online: true };
        } else {
          const owner = userOwner(actor.userId);
          s._m = USER;
          s._uid = actor.userId;
          s._k = `${brand.key}|${owner.key}`;
          const u = await this.service.unread(brand.key, owner);
          hello = { type: 'hello', role: 'user', unread: u.count, lastSeq: u.lastSeq, online: u.online };
        }
      } else {
        const owner = visitorOwner(f.visitor);
        s._m = VISITOR;
        s._k = `${brand.key}|${owner.key}`;
        const u = await this.service.unread(brand.key, owner);
        hello = { type: 'hello', role: 'visitor', unread: u.count, lastSeq: u.lastSeq, online: u.online };
      }
      s._brand = brand.key;
      s._s = s._m === VISITOR ? undefined : (f.token as string);
      this.pending.delete(s);
      // Closed while we were reading the database: nothing to register.
      if (s.readyState !== WebSocket.OPEN) return;
      s._t = 1;
      if (s._m === AGENT) {
        add(this.agents, s._k, s);
        this.presence.socketOpened(brand.key, s._uid as string);
      } else {
        add(this.owners, s._k, s);
        s._o = hello.online;
      }
      send(s, json(hello));
    } catch {
      this.pending.delete(s);
      s._m = PENDING;
      s.close(CHAT_CLOSE.unauthorized, 'unauthorized');
    }
  }

  private async read(s: ChatSocket, seq: number, conversationId: string | undefined): Promise<void> {
    try {
      if (s._m === AGENT) {
        if (conversationId) await this.service.agentReadIn(s._brand, conversationId, seq);
      } else {
        await this.service.markRead(s._brand, this.ownerOf(s), seq);
      }
    } catch {
      send(s, json({ type: 'error', key: 'SYSTEM_BUSY' }));
    }
  }

  closed(s: ChatSocket): void {
    if (s._m === PENDING || s._m === AUTHENTICATING) {
      this.pending.delete(s);
      return;
    }
    if (s._m === AGENT) {
      if (remove(this.agents, s._k, s)) this.presence.socketClosed(s._brand, s._uid as string);
    } else {
      remove(this.owners, s._k, s);
    }
  }

  private deliver(d: Delivery): void {
    if (!d || typeof d.brand !== 'string') return;
    if (typeof d.user === 'string') sendAll(this.owners.get(`${d.brand}|${d.ownerKey}`), d.user);
    if (typeof d.agent !== 'string') return;
    if (d.agentId) {
      sendAll(this.agents.get(`${d.brand}|${d.agentId}`), d.agent);
      return;
    }
    // Waiting for an agent: every agent of the brand sees it.
    const prefix = `${d.brand}|`;
    for (const [k, v] of this.agents) if (k.startsWith(prefix)) sendAll(v, d.agent);
  }

  /**
   * A session ended (logout elsewhere, password changed, account locked) or an agent's role taken
   * away: their sockets stop hearing the conversation within 5 minutes. One at a time, so a
   * process with thousands of sockets spreads the reads (sessions are cached for 2 s anyway).
   */
  async reauthenticate(): Promise<void> {
    const sockets: ChatSocket[] = [];
    for (const map of [this.owners, this.agents]) {
      for (const v of map.values()) {
        for (const s of Array.isArray(v) ? v : [v]) if (s._m === USER || s._m === AGENT) sockets.push(s);
      }
    }
    for (const s of sockets) {
      const brand = BRAND_BY_KEY.get(s._brand);
      if (!brand || s.readyState !== WebSocket.OPEN) continue;
      const ctx: RequestContext = {
        brand,
        lang: DEFAULT_LANGUAGE,
        params: {},
        token: s._s,
        actor: undefined,
        ip: '',
      };
      try {
        const actor = await this.authenticate(ctx);
        if (actor.userId === s._uid && (s._m !== AGENT || actor.roles.includes('agent'))) continue;
      } catch (error) {
        // Only a refusal ends the socket; a database hiccup does not.
        if (!(error instanceof AppError)) continue;
      }
      s.close(CHAT_CLOSE.unauthorized, 'session ended');
    }
  }

  /**
   * Tells buyers' and visitors' windows when agents of their brand came or went (within a sweep),
   * so "customer service is not open" goes away once an agent is there.
   */
  tellPresence(): void {
    const online = new Map<string, boolean>();
    for (const v of this.owners.values())
      for (const s of Array.isArray(v) ? v : [v]) {
        let now = online.get(s._brand);
        if (now === undefined) {
          now = this.service.online(s._brand);
          online.set(s._brand, now);
        }
        if (s._o === now) continue;
        s._o = now;
        send(s, json({ type: 'presence', online: now } satisfies ChatServerFrame));
      }
  }

  /** Closes sockets that never authenticated; every third run pings the others and drops the silent. */
  sweep(): void {
    const now = this.now();
    for (const s of this.pending) {
      if (s._m === PENDING && now - s._t > AUTH_WITHIN_MS) s.close(CHAT_CLOSE.unauthorized, 'auth timeout');
    }
    this.sweeps++;
    this.tellPresence();
    if (this.sweeps % REAUTH_EVERY_SWEEPS === 0) void this.reauthenticate();
    if (this.sweeps % PING_EVERY_SWEEPS !== 0) return;
    const ping = (s: ChatSocket) => {
      if (s._t !== 1) {
        s.terminate();
        return;
      }
      s._t = 0;
      s.ping();
    };
    for (const v of this.owners.values())
      if (Array.isArray(v)) v.forEach(ping);
      else ping(v);
    for (const v of this.agents.values())
      if (Array.isArray(v)) v.forEach(ping);
      else ping(v);
  }

  private each(run: (s: ChatSocket) => void): void {
    for (const s of [...this.pending]) run(s);
    for (const v of [...this.owners.values(), ...this.agents.values()]) {
      if (Array.isArray(v)) for (const s of [...v]) run(s);
      else run(v);
    }
  }

  /** Ends every socket (server shutting down): clients reconnect to another process. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe();
    this.each((s) => s.close(1001, 'server going away'));
    // Sockets that do not finish the closing handshake soon are cut.
    setTimeout(() => this.each((s) => s.terminate()), 1000).unref();
  }
}
