/**
 * The service agents' calls (role `agent`): presence, the inbox with unread per conversation,
 * a conversation's messages, reply with text or an image, read, close, and the user's recent
 * orders beside a conversation. Their screen comes with the console.
 */

import {
  agentsOnlineSchema,
  agentUnreadSchema,
  chatConversationSchema,
  chatMessageSchema,
  noDataSchema,
  orderSchema,
  pageSchema,
} from '@mall/contract';
import {
  adminChatCloseInputSchema,
  adminChatHeartbeatInputSchema,
  adminChatInboxInputSchema,
  adminChatMessagesInputSchema,
  adminChatOfflineInputSchema,
  adminChatOrdersInputSchema,
  adminChatReadInputSchema,
  adminChatReplyInputSchema,
} from '@mall/contract/chat.inputs';
import { z } from 'zod';
import { actorOf } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { ChatService } from './chat.service.ts';

const agent = { roles: ['agent'] } as const;

export function chatAdminRoutes(route: DefineRoute, chat: ChatService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/admin/chat/heartbeat',
    output: agentsOnlineSchema,
    input: adminChatHeartbeatInputSchema,
    auth: agent,
    handle: (ctx) => chat.heartbeat(ctx, actorOf(ctx).userId),
  });

  route({
    method: 'POST',
    url: '/api/admin/chat/offline',
    output: noDataSchema,
    input: adminChatOfflineInputSchema,
    auth: agent,
    handle: (ctx) => chat.offline(ctx, actorOf(ctx).userId),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/chat/inbox',
    output: pageSchema(chatConversationSchema),
    input: adminChatInboxInputSchema,
    auth: agent,
    handle: (ctx, { view, pageNum, pageSize }) => {
      // Looking at the inbox keeps an agent online, as a heartbeat does.
      chat.heartbeat(ctx, actorOf(ctx).userId);
      return chat.inbox(ctx, actorOf(ctx).userId, view, { pageNum, pageSize });
    },
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/chat/messages',
    output: z.array(chatMessageSchema),
    input: adminChatMessagesInputSchema,
    auth: agent,
    handle: (ctx, input) =>
      chat.agentMessages(ctx, input.conversationId, {
        messageId: input.message_id,
        afterSeq: input.afterSeq,
      }),
  });

  route({
    method: 'POST',
    url: '/api/admin/chat/reply',
    output: chatMessageSchema,
    input: adminChatReplyInputSchema,
    auth: agent,
    handle: (ctx, input) =>
      chat.reply(ctx, actorOf(ctx).userId, input.conversationId, {
        type: input.type,
        content: input.content,
      }),
  });

  route({
    method: 'POST',
    url: '/api/admin/chat/read',
    output: agentUnreadSchema,
    input: adminChatReadInputSchema,
    auth: agent,
    handle: (ctx, input) => chat.agentRead(ctx, input.conversationId, input.seq),
  });

  route({
    method: 'POST',
    url: '/api/admin/chat/close',
    output: noDataSchema,
    input: adminChatCloseInputSchema,
    auth: agent,
    handle: (ctx, input) => chat.close(ctx, input.conversationId),
  });

  route({
    method: ['GET', 'POST'],
    url: '/api/admin/chat/orders',
    output: pageSchema(orderSchema),
    input: adminChatOrdersInputSchema,
    auth: agent,
    handle: (ctx, { conversationId: id, pageNum, pageSize }) =>
      chat.userOrders(ctx, id, { pageNum, pageSize }),
  });
}
