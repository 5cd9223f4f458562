/**
 * The message centre: events of a user's orders, wallet, loans, verifications and chat, stored per
 * user as a kind and its parameters. Clients render the text from the `notifications` locale
 * namespace (key `kind.<kind>`, with the params), so it is always in the reader's language.
 */

export const NOTIFICATION_KINDS = [
  'order.paid',
  'order.shipped',
  'order.received',
  'order.refunded',
  'order.refundFailed',
  'order.unpaidWarning',
  'order.cancelledUnpaid',
  'deposit.credited',
  'deposit.refused',
  'withdrawal.paid',
  'withdrawal.refused',
  'loan.approved',
  'loan.refused',
  'loan.instalmentDue',
  'verification.realnameApproved',
  'verification.realnameRefused',
  'verification.c3Approved',
  'verification.c3Refused',
  'chat.answered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification links to. */
export const NOTIFICATION_SOURCES = [
  'order',
  'deposit',
  'withdrawal',
  'loan',
  'verification',
  'chat',
] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

export type * from './notifications.schemas.ts';

import type { NotificationDto } from './notifications.schemas.ts';

/** `GET|POST /api/notifications/list` input: pageNum, pageSize, unreadFirst ('1' puts unread first). */
export const NOTIFICATION_PAGE_SIZE = 20;

/** How often the storefront asks for the unread count when no socket push arrives. */
export const NOTIFICATION_POLL_MS = 60_000;

/** The socket frame (chat socket `/ws`, see chat.ts) telling a user of a new notification. */
export interface NotificationFrame {
  type: 'notification';
  notification: NotificationDto;
  unread: number;
}
