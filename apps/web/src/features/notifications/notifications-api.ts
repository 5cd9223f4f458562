import type { NotificationDto, Page } from '@mall/contract';
import { apiCall } from '../../lib/api-client.ts';

export async function fetchUnreadCount(): Promise<number> {
  return (await apiCall('/api/notifications/unreadCount')).count;
}

/** Newest first, the first `pageSize` of them. */
export function fetchNotifications(pageSize: number): Promise<Page<NotificationDto>> {
  // The generated type reads a record of strings as possibly missing values; the schema says strings.
  return apiCall('/api/notifications/list', { params: { pageNum: 1, pageSize } }) as Promise<
    Page<NotificationDto>
  >;
}

/** Answers the unread count left. */
export async function markRead(id: string): Promise<number> {
  return (await apiCall('/api/notifications/read', { body: { id } })).count;
}

export async function markAllRead(): Promise<number> {
  return (await apiCall('/api/notifications/readAll', { body: {} })).count;
}
