/**
 * The chat calls of SPEC §7, for signed-in users and for visitors (`visitorToken`: a random token
 * the client made and keeps; only its hash is stored). A visitor only ever reaches their own
 * conversation, which only the service agents answer.
 */
import { CHAT_LIMITS, chatMessageSchema, chatUnreadSchema } from '@mall/contract';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import { intInput } from '../../core/http/text-inputs.ts';
import { type ChatOwner, type ChatService, userOwner, visitorOwner } from './chat.service.ts';

/** Message text arrives URL-encoded; its limit is the service's (a catalogue error, not a parse error). */
export const contentInput = z.union([z.string(), z.number()]).transform(String);
export const typeInput = z.enum(['text', 'img']).default('text');
const visitorToken = z
  .string()
  .max(CHAT_LIMITS.visitorTokenMax * 2)
  .optional();
const seqInput = intInput(0, 2_147_483_647);
const messageIdInput = z.string().min(1).max(40);

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
    input: z.object({
      visitorToken,
      message_id: messageIdInput.optional(),
      afterSeq: seqInput.optional(),
    }),
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
    input: z.object({
      visitorToken,
      type: typeInput,
      content: contentInput,
      productId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(40)).optional(),
    }),
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
      input: z.object({ visitorToken }),
      output: chatUnreadSchema,
      auth: 'optional',
      handle: (ctx, input) => chat.unread(ctx.brand.key, ownerOf(ctx, input.visitorToken)),
    });
  }

  route({
    method: 'POST',
    url: '/api/newOnlinechat!read.action',
    output: chatUnreadSchema,
    input: z.object({ visitorToken, seq: seqInput }),
    auth: 'optional',
    handle: async (ctx, input) => {
      await chat.markRead(ctx.brand.key, ownerOf(ctx, input.visitorToken), input.seq);
      return chat.unread(ctx.brand.key, ownerOf(ctx, input.visitorToken));
    },
  });
}
