import { notificationSchema, pageSchema, unreadCountSchema } from '@mall/contract';
import {
  notificationsListInputSchema,
  notificationsReadAllInputSchema,
  notificationsReadInputSchema,
  notificationsUnreadCountInputSchema,
} from '@mall/contract/notifications.inputs';
import type { DefineRoute } from '../../core/http/route.ts';
import type { NotificationsService } from './notifications.service.ts';

const READ = ['GET', 'POST'] as const;

export function notificationsRoutes(route: DefineRoute, notifications: NotificationsService): void {
  route({
    method: [...READ],
    url: '/api/notifications/list',
    input: notificationsListInputSchema,
    output: pageSchema(notificationSchema),
    auth: 'user',
    handle: (ctx, { unreadFirst, ...page }) => notifications.list(ctx, page, unreadFirst ?? false),
  });
  route({
    method: [...READ],
    url: '/api/notifications/unreadCount',
    input: notificationsUnreadCountInputSchema,
    output: unreadCountSchema,
    auth: 'user',
    handle: (ctx) => notifications.unreadCount(ctx),
  });
  route({
    method: 'POST',
    url: '/api/notifications/read',
    input: notificationsReadInputSchema,
    output: unreadCountSchema,
    auth: 'user',
    handle: (ctx, { id }) => notifications.markRead(ctx, id),
  });
  route({
    method: 'POST',
    url: '/api/notifications/readAll',
    input: notificationsReadAllInputSchema,
    output: unreadCountSchema,
    auth: 'user',
    handle: (ctx) => notifications.markAllRead(ctx),
  });
}
