/**
 * The chat calls of SPEC §7, for signed-in users and for visitors (`visitorToken`: a random token
 * the client made and keeps; only its hash is stored). A visitor only ever reaches their own
 * conversation, which only the service agents answer.
 */

import { chatMessageSchema, chatUnreadSchema } from '@mall/contract';
import {
  newOnlinechatListInputSchema,
  newOnlinechatReadInputSchema,
  newOnlinechatSendInputSchema,
  newOnlinechatUnreadInputSchema,
} from '@mall/contract/chat.inputs';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { type ChatOwner, type ChatService, userOwner, visitorOwner } from './chat.service.ts';

/** The signed-in user, else the visitor of `visitorToken`; neither: please log in. */
function ownerOf(ctx: RequestContext, token: string | undefined): ChatOwner {
  if (ctx.actor) return userOwner(ctx.actor.userId);
  if (token === undefined || token === '') throw new AppError('NOT_LOGGED_IN');
  return visitorOwner(token);
}

export function chatRoutes(route: DefineRoute, chat: ChatService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/newOnlinechat!list.action',
    output: z.array(chatMessageSchema),
    input: newOnlinechatListInputSchema,
    auth: 'optional',
    handle: (ctx, input) =>
      chat.list(ctx.brand.key, ownerOf(ctx, input.visitorToken), {
        messageId: input.message_id,
        afterSeq: input.afterSeq,
      }),
  });

  route({
    method: 'POST',
    url: '/api/newOnlinechat!send.action',
    output: chatMessageSchema,
    input: newOnlinechatSendInputSchema,
    auth: 'optional',
    handle: (ctx, input) =>
      chat.send(ctx, ownerOf(ctx, input.visitorToken), {
        type: input.type,
        content: input.content,
        productId: input.productId || undefined,
      }),
  });

  for (const url of ['/api/newOnlinechat!unread.action', '/public/userOnlineChatController!unread.action']) {
    route({
      method: ['GET', 'POST'],
      url,
      input: newOnlinechatUnreadInputSchema,
      output: chatUnreadSchema,
      auth: 'optional',
      handle: (ctx, input) => chat.unread(ctx.brand.key, ownerOf(ctx, input.visitorToken)),
    });
  }

  route({
    method: 'POST',
    url: '/api/newOnlinechat!read.action',
    output: chatUnreadSchema,
    input: newOnlinechatReadInputSchema,
    auth: 'optional',
    handle: async (ctx, input) => {
      await chat.markRead(ctx.brand.key, ownerOf(ctx, input.visitorToken), input.seq);
      return chat.unread(ctx.brand.key, ownerOf(ctx, input.visitorToken));
    },
  });
}
