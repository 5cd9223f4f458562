import { z } from 'zod';

/** One message (SPEC §3 fields, plus `seq`: its number in the conversation, from 1, no gaps). */
export const chatMessageSchema = z.object({
  id: z.string(),
  seq: z.number(),
  send_receive: z.enum(['send', 'receive']),
  /** Plain text (never HTML: clients render it as text) or, for `img`, the image URL. */
  content: z.string(),
  type: z.enum(['text', 'img']),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  createtime: z.string(),
  /** The goods the user asked about, when the window was opened from a product page. */
  productId: z.string().optional(),
});
export type ChatMessageDto = z.infer<typeof chatMessageSchema>;

/** The caller's side of the conversation: unread replies, the newest seq, whether an agent is online. */
export const chatUnreadSchema = z.object({ count: z.number(), lastSeq: z.number(), online: z.boolean() });
export type ChatUnreadDto = z.infer<typeof chatUnreadSchema>;

/** A conversation as the agents' inbox lists it. */
export const chatConversationSchema = z.object({
  id: z.string(),
  /** `user` (signed-in buyer) or `visitor`. */
  ownerType: z.enum(['user', 'visitor']),
  userId: z.string().nullable(),
  /** The user's name, or `Visitor <first 6 of the visitor key>`. */
  name: z.string(),
  agentId: z.string().nullable(),
  status: z.enum(['waiting', 'open', 'closed']),
  lastSeq: z.number(),
  /** Messages from the user the agents have not read yet. */
  unread: z.number(),
  lastMessage: chatMessageSchema
    .pick({ type: true, content: true, send_receive: true, createtime: true })
    .nullable(),
  updatedAt: z.string(),
});
export type ChatConversationDto = z.infer<typeof chatConversationSchema>;

/** `/api/admin/chat/read`: the agent's unread count after reading. */
export const agentUnreadSchema = z.object({ unread: z.number() });

/** `/api/admin/chat/heartbeat`: agents online now. */
export const agentsOnlineSchema = z.object({ online: z.number() });
