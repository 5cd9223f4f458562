/** The message centre's answers (issue 28). */
import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_SOURCES } from './notifications.ts';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Values for the text: ids, serial numbers, amounts as decimal strings, times as wire times. */
  params: z.record(z.string(), z.string()),
  source: z.object({ type: z.enum(NOTIFICATION_SOURCES), id: z.string() }),
  /** Wire time (see time.ts). */
  createTime: z.string(),
  /** Wire time, or null while unread. */
  readTime: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

/** What is left unread after a call (unreadCount, read, readAll). */
export const unreadCountSchema = z.object({ count: z.number() });
