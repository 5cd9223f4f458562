/**
 * Which service agents are online, across every API process. An agent is online while one of
 * their sockets is open on some process, or for 90 s after their last agent call (a heartbeat for
 * agents working through the HTTP calls). Each process announces its own agents on the bus when
 * they change and every 10 s; a process that stops announcing is forgotten after 30 s.
 */
import { randomBytes } from 'node:crypto';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';

const TOPIC = 'chat.presence';
export const HEARTBEAT_ONLINE_MS = 90_000;
const ANNOUNCE_EVERY_MS = 10_000;
const REMOTE_TTL_MS = 30_000;

interface Announcement {
  pid: string;
  /** `brand|agentId` of every agent online here. */
  agents: string[];
  /** The process is stopping: forget it at once. */
  gone?: boolean;
}

const key = (brand: string, agentId: string) => `${brand}|${agentId}`;

export class ChatPresence {
  readonly pid = randomBytes(8).toString('hex');
  /** Open agent sockets here, per `brand|agentId`. */
  private readonly sockets = new Map<string, number>();
  /** Agents here by heartbeat, until (clock ms). */
  private readonly beats = new Map<string, number>();
  /** Other processes' agents, with the local time their announcement expires. */
  private readonly remote = new Map<string, { agents: Set<string>; until: number }>();
  private timer: NodeJS.Timeout | undefined;
  private announceQueued = false;
  private readonly unsubscribe: () => void;
  /** Called when an agent comes online here (to hand them waiting conversations). */
  onAgentOnline: ((brand: string, agentId: string) => void) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {
    this.unsubscribe = bus.subscribe(TOPIC, (payload) => this.heard(payload as Announcement));
  }

  start(): void {
    this.timer ??= setInterval(() => void this.announce(), ANNOUNCE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe();
    if (this.sockets.size > 0 || this.beats.size > 0) {
      await this.bus.publish(TOPIC, { pid: this.pid, agents: [], gone: true } satisfies Announcement);
    }
  }

  private heard(a: Announcement): void {
    if (!a || typeof a.pid !== 'string' || a.pid === this.pid || !Array.isArray(a.agents)) return;
    if (a.gone) this.remote.delete(a.pid);
    else this.remote.set(a.pid, { agents: new Set(a.agents), until: this.clock.now() + REMOTE_TTL_MS });
  }

  private local(): string[] {
    const now = this.clock.now();
    const out = new Set(this.sockets.keys());
    for (const [k, until] of this.beats) {
      if (until > now) out.add(k);
      else this.beats.delete(k);
    }
    return [...out];
  }

  private async announce(): Promise<void> {
    this.announceQueued = false;
    try {
      await this.bus.publish(TOPIC, { pid: this.pid, agents: this.local() } satisfies Announcement);
    } catch {
      // The bus is down: the next announcement (10 s) tries again.
    }
  }

  /** Announces soon, once for a burst of changes. */
  private changed(): void {
    if (this.announceQueued) return;
    this.announceQueued = true;
    queueMicrotask(() => void this.announce());
  }

  private isLocal(k: string): boolean {
    return this.sockets.has(k) || (this.beats.get(k) ?? 0) > this.clock.now();
  }

  socketOpened(brand: string, agentId: string): void {
    const k = key(brand, agentId);
    const wasOnline = this.isLocal(k);
    this.sockets.set(k, (this.sockets.get(k) ?? 0) + 1);
    if (!wasOnline) {
      this.changed();
      this.onAgentOnline?.(brand, agentId);
    }
  }

  socketClosed(brand: string, agentId: string): void {
    const k = key(brand, agentId);
    const n = (this.sockets.get(k) ?? 0) - 1;
    if (n > 0) this.sockets.set(k, n);
    else {
      this.sockets.delete(k);
      if (!this.isLocal(k)) this.changed();
    }
  }

  heartbeat(brand: string, agentId: string): void {
    const k = key(brand, agentId);
    const wasOnline = this.isLocal(k);
    this.beats.set(k, this.clock.now() + HEARTBEAT_ONLINE_MS);
    if (!wasOnline) {
      this.changed();
      this.onAgentOnline?.(brand, agentId);
    }
  }

  offline(brand: string, agentId: string): void {
    if (this.beats.delete(key(brand, agentId))) this.changed();
  }

  /** Agents of the brand online on any process. */
  online(brand: string): string[] {
    const now = this.clock.now();
    const prefix = `${brand}|`;
    const out = new Set<string>();
    for (const k of this.local()) if (k.startsWith(prefix)) out.add(k.slice(prefix.length));
    for (const [pid, r] of this.remote) {
      if (r.until <= now) {
        this.remote.delete(pid);
        continue;
      }
      for (const k of r.agents) if (k.startsWith(prefix)) out.add(k.slice(prefix.length));
    }
    return [...out];
  }
}
