/**
 * Input schemas of the chat calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { CHAT_LIMITS } from './chat.ts';
import { pageInput } from './paging.inputs.ts';
import { intInput } from './text.inputs.ts';

/** Message text arrives URL-encoded; its limit is the service's (a catalogue error, not a parse error). */
export const contentInput = z.union([z.string(), z.number()]).transform(String);

export const typeInput = z.enum(['text', 'img']).default('text');

const visitorToken = z
  .string()
  .max(CHAT_LIMITS.visitorTokenMax * 2)
  .optional();

const seqInput = intInput(0, 2_147_483_647);

const messageIdInput = z.string().min(1).max(40);

const conversationId = z.string().min(1).max(26);

/** /api/newOnlinechat!list.action */
export const newOnlinechatListInputSchema = z.object({
  visitorToken,
  message_id: messageIdInput.optional(),
  afterSeq: seqInput.optional(),
});

/** /api/newOnlinechat!send.action */
export const newOnlinechatSendInputSchema = z.object({
  visitorToken,
  type: typeInput,
  content: contentInput,
  productId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(40)).optional(),
});

/** /api/newOnlinechat!unread.action and /public/userOnlineChatController!unread.action */
export const newOnlinechatUnreadInputSchema = z.object({ visitorToken });

/** /api/newOnlinechat!read.action */
export const newOnlinechatReadInputSchema = z.object({ visitorToken, seq: seqInput });

/** /api/admin/chat/heartbeat */
export const adminChatHeartbeatInputSchema = z.object({});

/** /api/admin/chat/offline */
export const adminChatOfflineInputSchema = z.object({});

/** /api/admin/chat/inbox */
export const adminChatInboxInputSchema = z.object({
  ...pageInput(20),
  view: z.enum(['mine', 'waiting', 'open', 'closed', 'all']).default('mine'),
});

/** /api/admin/chat/messages */
export const adminChatMessagesInputSchema = z.object({
  conversationId,
  message_id: z.string().min(1).max(40).optional(),
  afterSeq: seqInput.optional(),
});

/** /api/admin/chat/reply */
export const adminChatReplyInputSchema = z.object({ conversationId, type: typeInput, content: contentInput });

/** /api/admin/chat/read */
export const adminChatReadInputSchema = z.object({ conversationId, seq: seqInput });

/** /api/admin/chat/close */
export const adminChatCloseInputSchema = z.object({ conversationId });

/** /api/admin/chat/orders */
export const adminChatOrdersInputSchema = z.object({ conversationId, ...pageInput(10) });
