import { NOTIFICATION_PAGE_SIZE, notificationSchema, pageSchema, unreadCountSchema } from '@mall/contract';
import { z } from 'zod';
import { pageInput } from '../../core/http/paging.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { NotificationsService } from './notifications.service.ts';

const READ = ['GET', 'POST'] as const;

/** '1' / 'true' / true: unread ones first, then the rest, newest first within each. */
const flag = z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean());

export function notificationsRoutes(route: DefineRoute, notifications: NotificationsService): void {
  route({
    method: [...READ],
    url: '/api/notifications/list',
    input: z.object({ ...pageInput(NOTIFICATION_PAGE_SIZE), unreadFirst: flag.optional() }),
    output: pageSchema(notificationSchema),
    auth: 'user',
    handle: (ctx, { unreadFirst, ...page }) => notifications.list(ctx, page, unreadFirst ?? false),
  });
  route({
    method: [...READ],
    url: '/api/notifications/unreadCount',
    input: z.object({}),
    output: unreadCountSchema,
    auth: 'user',
    handle: (ctx) => notifications.unreadCount(ctx),
  });
  route({
    method: 'POST',
    url: '/api/notifications/read',
    input: z.object({ id: z.string().trim().min(1).max(64) }),
    output: unreadCountSchema,
    auth: 'user',
    handle: (ctx, { id }) => notifications.markRead(ctx, id),
  });
  route({
    method: 'POST',
    url: '/api/notifications/readAll',
    input: z.object({}),
    output: unreadCountSchema,
    auth: 'user',
    handle: (ctx) => notifications.markAllRead(ctx),
  });
}
