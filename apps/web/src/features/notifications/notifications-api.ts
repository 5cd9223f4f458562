import type { NotificationDto, Page } from '@mall/contract';
import { apiCall } from '../../lib/api-client.ts';

export async function fetchUnreadCount(): Promise<number> {
  return (await apiCall<{ count: number }>('/api/notifications/unreadCount')).count;
}

/** Newest first, the first `pageSize` of them. */
export function fetchNotifications(pageSize: number): Promise<Page<NotificationDto>> {
  return apiCall<Page<NotificationDto>>('/api/notifications/list', { params: { pageNum: 1, pageSize } });
}

/** Answers the unread count left. */
export async function markRead(id: string): Promise<number> {
  return (await apiCall<{ count: number }>('/api/notifications/read', { body: { id } })).count;
}

export async function markAllRead(): Promise<number> {
  return (await apiCall<{ count: number }>('/api/notifications/readAll', { body: {} })).count;
}
