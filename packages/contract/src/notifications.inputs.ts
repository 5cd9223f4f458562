/**
 * Input schemas of the notifications calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */

import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from './notifications.ts';
import { pageInput } from './paging.inputs.ts';

/** '1' / 'true' / true: unread ones first, then the rest, newest first within each. */
const flag = z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean());

/** /api/notifications/list */
export const notificationsListInputSchema = z.object({
  ...pageInput(NOTIFICATION_PAGE_SIZE),
  unreadFirst: flag.optional(),
});

/** /api/notifications/unreadCount */
export const notificationsUnreadCountInputSchema = z.object({});

/** /api/notifications/read */
export const notificationsReadInputSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** /api/notifications/readAll */
export const notificationsReadAllInputSchema = z.object({});
