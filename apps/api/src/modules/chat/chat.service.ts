/**
 * Customer-service chat: one conversation per user or visitor, messages numbered per conversation,
 * unread counts per side, assignment to the least busy online agent, and delivery of every new
 * message to the sockets of both sides on every process (through the bus, see chat.socket.ts).
 */
import {
  CHAT_LIMITS,
  type ChatConversationDto,
  type ChatMessageDto,
  type ChatServerFrame,
  type ChatUnreadDto,
  type OrderDto,
  type Page,
  toWireTime,
} from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import { type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import { actorOf, type RequestContext } from '../../core/http/request-context.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { NotificationEvents } from '../notifications/index.ts';
import {
  type ChatOwner,
  type ChatPorts,
  DELIVER_TOPIC,
  type Delivery,
  type InboxView,
  type ListInput,
  messageDto,
  messageText,
  type SendInput,
} from './chat.messages.ts';
import type { ChatPresence } from './chat.presence.ts';
import { GroupedWrites } from './chat-write-queue.ts';

export {
  type ChatOwner,
  type ChatPorts,
  DELIVER_TOPIC,
  type Delivery,
  type InboxView,
  type ListInput,
  messageDto,
  messageText,
  type SendInput,
  userOwner,
  visitorOwner,
} from './chat.messages.ts';

import type {
  Appended,
  ChatRepository,
  ConversationRow,
  ConversationStatus,
  MessageRow,
  NewMessage,
} from './chat.repository.ts';

const frame = (f: ChatServerFrame) => JSON.stringify(f);

export class ChatService {
  private readonly writes: GroupedWrites; // committed in groups (chat-write-queue.ts)
  notifications?: NotificationEvents; // the message centre's hooks, set by app.ts

  constructor(
    private readonly db: Executor,
    private readonly repository: ChatRepository,
    private readonly presence: ChatPresence,
    private readonly bus: Bus,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly ports: ChatPorts,
  ) {
    this.writes = new GroupedWrites(db);
    presence.onAgentOnline = (brand, agentId) => {
      void this.assignWaiting(brand, agentId).catch(() => undefined);
    };
  }

  online(brand: string): boolean {
    return this.presence.online(brand).length > 0;
  }

  // ---- the user's (or visitor's) side ---------------------------------------------------------

  async unread(brand: string, owner: ChatOwner): Promise<ChatUnreadDto> {
    const c = await this.repository.findByOwner(this.db, brand, owner.key);
    return { count: c?.userUnread ?? 0, lastSeq: c?.lastSeq ?? 0, online: this.online(brand) };
  }

  /**
   * The owner's messages, oldest first: the newest page, the page before `messageId`, or all
   * after `afterSeq`. Reading the newest messages marks them read.
   */
  async list(brand: string, owner: ChatOwner, input: ListInput): Promise<ChatMessageDto[]> {
    const c = await this.repository.findByOwner(this.db, brand, owner.key);
    if (!c) return [];
    const rows = await this.page(c, input);
    const newest = rows.at(-1)?.seq ?? 0;
    if (input.messageId === undefined && c.userUnread > 0 && newest > c.userReadSeq) {
      await this.markRead(brand, owner, newest);
    }
    return rows.map(messageDto);
  }

  private async page(c: ConversationRow, input: ListInput): Promise<MessageRow[]> {
    if (input.afterSeq !== undefined) {
      return this.repository.after(this.db, c.id, input.afterSeq, CHAT_LIMITS.gapPageSize);
    }
    if (input.messageId !== undefined) {
      const seq = await this.repository.seqOf(this.db, c.id, input.messageId);
      if (seq === undefined) return [];
      return this.repository.latest(this.db, c.id, CHAT_LIMITS.pageSize, seq);
    }
    return this.repository.latest(this.db, c.id, CHAT_LIMITS.pageSize);
  }

  async send(ctx: RequestContext, owner: ChatOwner, input: SendInput): Promise<ChatMessageDto> {
    const brand = ctx.brand.key;
    const content = await this.content(brand, owner.userId, input);
    if (!(await this.limiter.hit(`chat:send:${brand}:${owner.key}`, 30, 10_000))) {
      throw new AppError('TOO_FREQUENT');
    }
    const now = this.clock.now();
    let c = await this.repository.findByOwner(this.db, brand, owner.key);
    if (!c) {
      // Visitors cannot flood the table with conversations from one address.
      if (!owner.userId && !(await this.limiter.hit(`chat:visitor:${ctx.ip}`, 20, 3_600_000))) {
        throw new AppError('TOO_FREQUENT');
      }
      c = (await this.repository.findOrCreate(this.db, brand, owner.key, owner.userId, now)).conversation;
    }
    const assign = await this.assignmentFor(c);
    const message: NewMessage = {
      sender: 'user',
      agentId: null,
      type: input.type,
      content,
      productId: input.productId ?? null,
    };
    const appended = await this.writes.write(c.id, (tx) =>
      this.repository.append(tx, c.id, message, now, assign),
    );
    if (!appended) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    await this.deliver(brand, owner.key, c.id, appended);
    return messageDto(appended.message);
  }

  async markRead(brand: string, owner: ChatOwner, seq: number): Promise<void> {
    const c = await this.repository.findByOwner(this.db, brand, owner.key);
    if (!c) return;
    const unread = await this.repository.markRead(this.db, c.id, 'user', seq);
    if (unread === undefined) return;
    // The owner's other tabs and devices update their badge.
    await this.publish({
      brand,
      ownerKey: owner.key,
      agentId: c.agentId,
      user: frame({ type: 'unread', count: unread, lastSeq: c.lastSeq }),
    });
  }

  private async content(brand: string, userId: string | null, input: SendInput): Promise<string> {
    if (input.type === 'text') return messageText(input.content);
    if (!userId) throw new AppError('CHAT_LOGIN_FOR_IMAGES');
    const ref = input.content.trim();
    // An image message without an uploaded image: the upload did not succeed.
    if (ref === '' || ref.length > 300) throw new AppError('UPLOAD_FAILED');
    return this.ports.ownImageUrl(brand, userId, ref);
  }

  /**
   * Whom a user's message should go to: its agent while they are online; else the least busy
   * online agent; else nobody (waiting). Undefined leaves the conversation as it is.
   */
  private async assignmentFor(c: ConversationRow): Promise<{ agentId: string | null } | undefined> {
    const online = this.presence.online(c.brand);
    if (c.agentId && c.status !== 'closed' && online.includes(c.agentId)) return undefined;
    if (c.agentId && c.status === 'closed' && online.includes(c.agentId)) return { agentId: c.agentId };
    if (online.length === 0) return c.status === 'closed' ? { agentId: null } : undefined;
    return { agentId: await this.leastBusy(online) };
  }

  private async leastBusy(agentIds: readonly string[]): Promise<string> {
    const counts = await this.repository.openCounts(this.db, agentIds);
    let best: string | undefined;
    let bestCount = Number.POSITIVE_INFINITY;
    for (const id of [...agentIds].sort()) {
      const n = counts.get(id) ?? 0;
      if (n < bestCount) {
        best = id;
        bestCount = n;
      }
    }
    return best as string;
  }

  /** Hands waiting conversations to agents who just came online, least busy first. */
  async assignWaiting(brand: string, _agentId?: string): Promise<number> {
    const waiting = await this.repository.waiting(this.db, brand, 100);
    let assigned = 0;
    for (const c of waiting) {
      const online = this.presence.online(brand);
      if (online.length === 0) break;
      const agentId = await this.leastBusy(online);
      if (await this.repository.assign(this.db, c.id, agentId)) {
        assigned++;
        await this.publish({
          brand,
          ownerKey: c.ownerKey,
          agentId,
          agent: frame({ type: 'unread', count: c.agentUnread, lastSeq: c.lastSeq }),
        });
      }
    }
    return assigned;
  }

  private async deliver(brand: string, ownerKey: string, conversationId: string, a: Appended): Promise<void> {
    const message = messageDto(a.message);
    await this.publish({
      brand,
      ownerKey,
      agentId: a.agentId,
      user: frame({ type: 'message', conversationId, message, unread: a.userUnread }),
      agent: frame({ type: 'message', conversationId, message, unread: a.agentUnread }),
    });
  }

  private async publish(d: Delivery): Promise<void> {
    try {
      await this.bus.publish(DELIVER_TOPIC, d);
    } catch {
      // Stored already: clients that miss the push see it at their next poll or gap fill.
    }
  }

  // ---- the agents' side -----------------------------------------------------------------------

  heartbeat(ctx: RequestContext, agentId: string): { online: number } {
    this.presence.heartbeat(ctx.brand.key, agentId);
    return { online: this.presence.online(ctx.brand.key).length };
  }

  offline(ctx: RequestContext, agentId: string): void {
    this.presence.offline(ctx.brand.key, agentId);
  }

  async agentUnread(brand: string, agentId: string): Promise<number> {
    return this.repository.agentUnreadTotal(this.db, brand, agentId);
  }

  private async conversation(ctx: RequestContext | string, id: string): Promise<ConversationRow> {
    const brand = typeof ctx === 'string' ? ctx : ctx.brand.key;
    const c = await this.repository.findById(this.db, id);
    // Agents see their own brand only; another brand's conversation does not exist for them.
    if (!c || c.brand !== brand || c.lastSeq === 0) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return c;
  }

  async inbox(
    ctx: RequestContext,
    agentId: string,
    view: InboxView,
    page: PageRequest,
  ): Promise<Page<ChatConversationDto>> {
    const statuses: Record<InboxView, ConversationStatus[] | undefined> = {
      mine: ['open', 'waiting'],
      waiting: ['waiting'],
      open: ['open'],
      closed: ['closed'],
      all: undefined,
    };
    const { rows, total } = await this.repository.inbox(
      this.db,
      {
        brand: ctx.brand.key,
        ...(view === 'mine' ? { agentId, withWaiting: true } : {}),
        ...(statuses[view] ? { statuses: statuses[view] } : {}),
      },
      page.pageSize,
      offsetOf(page),
    );
    const list = await Promise.all(rows.map((r) => this.conversationDto(r.conversation, r.last)));
    return pageOf(list, total, page);
  }

  private async conversationDto(c: ConversationRow, last: MessageRow | null): Promise<ChatConversationDto> {
    const name = c.userId
      ? ((await this.ports.userName(c.userId)) ?? c.userId)
      : `Visitor ${c.ownerKey.slice(2, 8)}`;
    return {
      id: c.id,
      ownerType: c.userId ? 'user' : 'visitor',
      userId: c.userId,
      name,
      agentId: c.agentId,
      status: c.status,
      lastSeq: c.lastSeq,
      unread: c.agentUnread,
      lastMessage: last
        ? {
            type: last.type,
            content: last.content,
            send_receive: last.sender === 'user' ? 'send' : 'receive',
            createtime: toWireTime(last.createdAt),
          }
        : null,
      updatedAt: toWireTime(c.updatedAt),
    };
  }

  async agentMessages(
    ctx: RequestContext,
    conversationId: string,
    input: ListInput,
  ): Promise<ChatMessageDto[]> {
    const c = await this.conversation(ctx, conversationId);
    const rows = await this.page(c, input);
    const newest = rows.at(-1)?.seq ?? 0;
    if (input.messageId === undefined && c.agentUnread > 0 && newest > c.agentReadSeq) {
      await this.repository.markRead(this.db, c.id, 'agent', newest);
    }
    return rows.map(messageDto);
  }

  async agentRead(ctx: RequestContext, conversationId: string, seq: number): Promise<{ unread: number }> {
    return this.agentReadIn(ctx.brand.key, conversationId, seq);
  }

  async agentReadIn(brand: string, conversationId: string, seq: number): Promise<{ unread: number }> {
    const c = await this.conversation(brand, conversationId);
    return { unread: (await this.repository.markRead(this.db, c.id, 'agent', seq)) ?? 0 };
  }

  async reply(
    ctx: RequestContext,
    agentId: string,
    conversationId: string,
    input: SendInput,
  ): Promise<ChatMessageDto> {
    const c = await this.conversation(ctx, conversationId);
    if (c.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
    const content = await this.content(ctx.brand.key, agentId, input);
    const now = this.clock.now();
    const appended = await this.writes.write(c.id, async (tx) => {
      const a = await this.repository.append(
        tx,
        c.id,
        { sender: 'agent', agentId, type: input.type, content, productId: null },
        now,
        undefined,
      );
      // What the agent answered, they have read.
      if (a) await this.repository.markRead(tx, c.id, 'agent', a.message.seq);
      if (a) await this.notifications?.chatAnswered(tx, c, a.message.seq);
      return a;
    });
    if (!appended) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    this.presence.heartbeat(ctx.brand.key, agentId);
    await this.deliver(ctx.brand.key, c.ownerKey, c.id, { ...appended, agentUnread: 0 });
    return messageDto(appended.message);
  }

  async close(ctx: RequestContext, conversationId: string): Promise<void> {
    const c = await this.conversation(ctx, conversationId);
    const actorId = actorOf(ctx).userId;
    const closedNow = await inTransaction(this.db, async (tx) => {
      if (!(await this.repository.close(tx, c.id, this.clock.now()))) return false;
      await this.ports.audit(tx, {
        brand: c.brand,
        actorId,
        action: 'chat.close',
        targetType: 'chat_conversation',
        targetId: c.id,
        before: { status: c.status, agentId: c.agentId },
        after: { status: 'closed' },
      });
      return true;
    });
    if (!closedNow) return;
    const closed = frame({ type: 'closed', conversationId: c.id });
    await this.publish({
      brand: c.brand,
      ownerKey: c.ownerKey,
      agentId: c.agentId,
      user: closed,
      agent: closed,
    });
  }

  /** The conversation's user's recent orders (empty for visitors), beside the conversation. */
  async userOrders(ctx: RequestContext, conversationId: string, page: PageRequest): Promise<Page<OrderDto>> {
    const c = await this.conversation(ctx, conversationId);
    if (!c.userId) return pageOf([], 0, page);
    return this.ports.userOrders(ctx.brand, c.userId, page);
  }
}
