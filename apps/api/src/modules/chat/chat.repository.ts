/** SQL of the chat: conversations (one per owner and brand) and their numbered messages. */
import { sql } from 'kysely';
import { isUniqueViolation, toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';
import { newId } from '../../core/ids.ts';

export type ConversationStatus = 'waiting' | 'open' | 'closed';
export type Sender = 'user' | 'agent';

export interface ConversationRow {
  id: string;
  brand: string;
  ownerKey: string;
  userId: string | null;
  agentId: string | null;
  status: ConversationStatus;
  lastSeq: number;
  userReadSeq: number;
  agentReadSeq: number;
  userUnread: number;
  agentUnread: number;
  createdAt: number;
  updatedAt: number;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  seq: number;
  sender: Sender;
  agentId: string | null;
  type: 'text' | 'img';
  content: string;
  productId: string | null;
  createdAt: number;
}

export interface NewMessage {
  sender: Sender;
  agentId: string | null;
  type: 'text' | 'img';
  content: string;
  productId: string | null;
}

/** The conversation after a message was counted in, as the update returned it. */
export interface Appended {
  message: MessageRow;
  userUnread: number;
  agentUnread: number;
  agentId: string | null;
  status: ConversationStatus;
}

// biome-ignore lint/suspicious/noExplicitAny: rows come from two dialects with their own integer types
function toConversation(r: any): ConversationRow {
  return {
    id: r.id,
    brand: r.brand,
    ownerKey: r.owner_key,
    userId: r.user_id,
    agentId: r.agent_id,
    status: r.status,
    lastSeq: toNumber(r.last_seq),
    userReadSeq: toNumber(r.user_read_seq),
    agentReadSeq: toNumber(r.agent_read_seq),
    userUnread: toNumber(r.user_unread),
    agentUnread: toNumber(r.agent_unread),
    createdAt: toNumber(r.created_at),
    updatedAt: toNumber(r.updated_at),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see above
function toMessage(r: any): MessageRow {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    seq: toNumber(r.seq),
    sender: r.sender,
    agentId: r.agent_id,
    type: r.type,
    content: r.content,
    productId: r.product_id,
    createdAt: toNumber(r.created_at),
  };
}

export interface InboxFilter {
  brand: string;
  /** Only conversations of this agent (plus, with `withWaiting`, the ones nobody has yet). */
  agentId?: string;
  withWaiting?: boolean;
  statuses?: readonly ConversationStatus[];
}

export class ChatRepository {
  async findByOwner(db: Executor, brand: string, ownerKey: string): Promise<ConversationRow | undefined> {
    const row = await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('brand', '=', brand)
      .where('owner_key', '=', ownerKey)
      .executeTakeFirst();
    return row ? toConversation(row) : undefined;
  }

  async findById(db: Executor, id: string): Promise<ConversationRow | undefined> {
    const row = await db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toConversation(row) : undefined;
  }

  /** The owner's conversation, created (waiting, no messages) when there is none yet. */
  async findOrCreate(
    db: Executor,
    brand: string,
    ownerKey: string,
    userId: string | null,
    now: number,
  ): Promise<{ conversation: ConversationRow; created: boolean }> {
    const found = await this.findByOwner(db, brand, ownerKey);
    if (found) return { conversation: found, created: false };
    const id = newId();
    try {
      await db
        .insertInto('chat_conversations')
        .values({
          id,
          brand,
          owner_key: ownerKey,
          user_id: userId,
          agent_id: null,
          status: 'waiting',
          last_seq: 0,
          user_read_seq: 0,
          agent_read_seq: 0,
          user_unread: 0,
          agent_unread: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (error) {
      // Two first messages at once: the other one created it.
      if (!isUniqueViolation(error)) throw error;
      const other = await this.findByOwner(db, brand, ownerKey);
      if (other) return { conversation: other, created: false };
      throw error;
    }
    const created = await this.findById(db, id);
    if (!created) throw new Error('conversation vanished');
    return { conversation: created, created: true };
  }

  /**
   * Numbers and stores one message in one statement pair, inside the caller's transaction: the
   * conditional `last_seq + 1` update locks the conversation's row (PostgreSQL) or runs under the
   * writer lock (SQLite), so two senders never get the same number and numbers have no gaps.
   * A user's message counts as unread for the agents and (re)opens the conversation with `agentId`
   * (or waiting without one); an agent's counts as unread for the user.
   */
  async append(
    tx: Executor,
    conversationId: string,
    message: NewMessage,
    now: number,
    assign: { agentId: string | null } | undefined,
  ): Promise<Appended | undefined> {
    let update = tx
      .updateTable('chat_conversations')
      .set({ last_seq: sql`last_seq + 1`, updated_at: now })
      .where('id', '=', conversationId);
    if (message.sender === 'user') {
      update = update.set({ agent_unread: sql`agent_unread + 1` });
      if (assign) {
        update = update.set({
          agent_id: assign.agentId,
          status: assign.agentId ? 'open' : 'waiting',
        });
      } else {
        update = update.set({
          status: sql`case when status = 'closed' then (case when agent_id is null then 'waiting' else 'open' end) else status end`,
        });
      }
    } else {
      update = update.set({
        user_unread: sql`user_unread + 1`,
        // An agent answering a waiting conversation takes it.
        agent_id: sql`coalesce(agent_id, ${message.agentId})`,
        status: 'open',
      });
    }
    const row = await update
      .returning(['last_seq', 'user_unread', 'agent_unread', 'agent_id', 'status'])
      .executeTakeFirst();
    if (!row) return undefined;
    const stored: MessageRow = {
      id: newId(),
      conversationId,
      seq: toNumber(row.last_seq),
      sender: message.sender,
      agentId: message.agentId,
      type: message.type,
      content: message.content,
      productId: message.productId,
      createdAt: now,
    };
    await tx
      .insertInto('chat_messages')
      .values({
        id: stored.id,
        conversation_id: conversationId,
        seq: stored.seq,
        sender: stored.sender,
        agent_id: stored.agentId,
        type: stored.type,
        content: stored.content,
        product_id: stored.productId,
        created_at: now,
      })
      .execute();
    return {
      message: stored,
      userUnread: toNumber(row.user_unread),
      agentUnread: toNumber(row.agent_unread),
      agentId: row.agent_id,
      status: row.status as ConversationStatus,
    };
  }

  /** The newest `limit` messages, or those before `beforeSeq`, oldest first. */
  async latest(
    db: Executor,
    conversationId: string,
    limit: number,
    beforeSeq?: number,
  ): Promise<MessageRow[]> {
    let q = db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId);
    if (beforeSeq !== undefined) q = q.where('seq', '<', beforeSeq);
    const rows = await q.orderBy('seq', 'desc').limit(limit).execute();
    return rows.map(toMessage).reverse();
  }

  /** Messages after `afterSeq`, oldest first (how a client fills a gap). */
  async after(db: Executor, conversationId: string, afterSeq: number, limit: number): Promise<MessageRow[]> {
    const rows = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('seq', '>', afterSeq)
      .orderBy('seq', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toMessage);
  }

  async seqOf(db: Executor, conversationId: string, messageId: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('chat_messages')
      .select('seq')
      .where('conversation_id', '=', conversationId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    return row ? toNumber(row.seq) : undefined;
  }

  /**
   * Marks one side's messages read up to `seq` (never backwards) and recounts what that side
   * still has unread from the other, in one statement: a message that arrived after the client
   * last looked stays unread however late the read arrives.
   */
  async markRead(
    db: Executor,
    conversationId: string,
    side: Sender,
    seq: number,
  ): Promise<number | undefined> {
    const readCol = side === 'user' ? 'user_read_seq' : 'agent_read_seq';
    const unreadCol = side === 'user' ? 'user_unread' : 'agent_unread';
    const other = side === 'user' ? 'agent' : 'user';
    const target = sql<number>`case when ${sql.ref(readCol)} > ${seq} then ${sql.ref(readCol)} when last_seq < ${seq} then last_seq else ${seq} end`;
    const row = await db
      .updateTable('chat_conversations')
      .set({
        [readCol]: target,
        [unreadCol]: sql`(select count(*) from chat_messages m where m.conversation_id = chat_conversations.id and m.sender = ${other} and m.seq > ${target})`,
      })
      .where('id', '=', conversationId)
      .returning([unreadCol])
      .executeTakeFirst();
    return row ? toNumber((row as Record<string, unknown>)[unreadCol] as number) : undefined;
  }

  async close(db: Executor, conversationId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('chat_conversations')
      .set({ status: 'closed', updated_at: now })
      .where('id', '=', conversationId)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives a waiting conversation to an agent, unless someone else took it first. */
  async assign(db: Executor, conversationId: string, agentId: string): Promise<boolean> {
    const result = await db
      .updateTable('chat_conversations')
      .set({ agent_id: agentId, status: 'open' })
      .where('id', '=', conversationId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async waiting(db: Executor, brand: string, limit: number): Promise<ConversationRow[]> {
    const rows = await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('brand', '=', brand)
      .where('status', '=', 'waiting')
      .where('last_seq', '>', 0)
      .orderBy('updated_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toConversation);
  }

  /** Open conversations per agent, for the least-busy choice. */
  async openCounts(db: Executor, agentIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(agentIds.map((id) => [id, 0]));
    if (agentIds.length === 0) return counts;
    const rows = await db
      .selectFrom('chat_conversations')
      .select(['agent_id', (eb) => eb.fn.countAll().as('n')])
      .where('agent_id', 'in', agentIds)
      .where('status', '=', 'open')
      .groupBy('agent_id')
      .execute();
    for (const r of rows) if (r.agent_id) counts.set(r.agent_id, toNumber(r.n as number));
    return counts;
  }

  async agentUnreadTotal(db: Executor, brand: string, agentId: string): Promise<number> {
    const row = await db
      .selectFrom('chat_conversations')
      .select((eb) => eb.fn.sum<number>('agent_unread').as('n'))
      .where('brand', '=', brand)
      .where('agent_id', '=', agentId)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    return toNumber(row?.n ?? 0);
  }

  async inbox(
    db: Executor,
    filter: InboxFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: { conversation: ConversationRow; last: MessageRow | null }[]; total: number }> {
    let q = db
      .selectFrom('chat_conversations as c')
      .where('c.brand', '=', filter.brand)
      .where('c.last_seq', '>', 0);
    if (filter.statuses && filter.statuses.length > 0) q = q.where('c.status', 'in', filter.statuses);
    if (filter.agentId) {
      const agentId = filter.agentId;
      q = filter.withWaiting
        ? q.where((eb) => eb.or([eb('c.agent_id', '=', agentId), eb('c.status', '=', 'waiting')]))
        : q.where('c.agent_id', '=', agentId);
    }
    const [rows, count] = await Promise.all([
      q
        .leftJoin('chat_messages as m', (j) =>
          j.onRef('m.conversation_id', '=', 'c.id').onRef('m.seq', '=', 'c.last_seq'),
        )
        .selectAll('c')
        .select([
          'm.id as m_id',
          'm.seq as m_seq',
          'm.sender as m_sender',
          'm.agent_id as m_agent_id',
          'm.type as m_type',
          'm.content as m_content',
          'm.product_id as m_product_id',
          'm.created_at as m_created_at',
        ])
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map((r) => ({
        conversation: toConversation(r),
        last:
          r.m_id === null
            ? null
            : toMessage({
                id: r.m_id,
                conversation_id: r.id,
                seq: r.m_seq,
                sender: r.m_sender,
                agent_id: r.m_agent_id,
                type: r.m_type,
                content: r.m_content,
                product_id: r.m_product_id,
                created_at: r.m_created_at,
              }),
      })),
      total: toNumber(count?.n as number),
    };
  }
}
