/**
 * The message centre: notifications are written by the modules that make a change, in the change's
 * own transaction (see notification-events.ts), and pushed after commit to the user's open sockets
 * through the chat socket's bus topic, so every API process's sockets hear them. Reads and marks
 * are scoped to the signed-in user: another user's notification is simply not found.
 */
import {
  type NotificationDto,
  type NotificationFrame,
  type NotificationKind,
  type NotificationSource,
  type Page,
  toWireTime,
} from '@mall/contract';
import type { Bus } from '../../core/bus.ts';
import type { Clock } from '../../core/clock.ts';
import { afterCommit, type Executor, inTransaction } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../../core/http/paging.ts';
import type { RequestContext } from '../../core/http/request-context.ts';
import { newId } from '../../core/ids.ts';
import type { JobRunner } from '../../core/jobs/jobs.ts';
import { DELIVER_TOPIC, type Delivery, userOwner } from '../chat/index.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

export interface NewNotification {
  brand: string;
  userId: string;
  kind: NotificationKind;
  params: Record<string, string>;
  source: { type: NotificationSource; id: string };
  /** The same key twice stores one notification (jobs and retries may run twice). */
  dedupeKey?: string;
}

/** Whether a notification scheduled for later is still true when its time comes. */
export type LaterGuard = (n: NewNotification) => Promise<boolean>;

export const LATER_JOB = 'notifications.later';

function userOf(ctx: RequestContext): string {
  const userId = ctx.actor?.userId;
  if (!userId) throw new AppError('NOT_LOGGED_IN');
  return userId;
}

export function notificationDto(r: NotificationRow): NotificationDto {
  return {
    id: r.id,
    kind: r.kind,
    params: r.params,
    source: { type: r.sourceType, id: r.sourceId },
    createTime: toWireTime(r.createdAt),
    readTime: r.readAt === null ? null : toWireTime(r.readAt),
  };
}

export class NotificationsService {
  private readonly guards = new Map<string, LaterGuard>();

  constructor(
    private readonly db: Executor,
    private readonly repository: NotificationsRepository,
    private readonly bus: Bus,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
  ) {
    jobs.register(LATER_JOB, async (payload) => {
      const { n, guard } = payload as { n: NewNotification; guard: string };
      const check = this.guards.get(guard);
      if (check && !(await check(n))) return;
      await inTransaction(this.db, (tx) => this.record(tx, n));
    });
  }

  /** A condition checked before a later notification is stored (e.g. "the order is still unpaid"). */
  guard(name: string, check: LaterGuard): void {
    this.guards.set(name, check);
  }

  /** Stores a notification in `executor` (the change's transaction) and pushes it once committed. */
  async record(executor: Executor, n: NewNotification): Promise<void> {
    const row: NotificationRow = {
      id: newId(),
      brand: n.brand,
      userId: n.userId,
      kind: n.kind,
      params: n.params,
      sourceType: n.source.type,
      sourceId: n.source.id,
      createdAt: this.clock.now(),
      readAt: null,
    };
    if (!(await this.repository.insert(executor, row, n.dedupeKey ?? null))) return;
    if (executor.isTransaction) afterCommit(executor, () => void this.push(row));
    else await this.push(row);
  }

  /** Stores `n` at `at` if the guard still holds then; scheduled in the change's transaction. */
  async later(executor: Executor, n: NewNotification, at: number, guard: string): Promise<void> {
    await this.jobs.schedule(executor, {
      type: LATER_JOB,
      payload: { n, guard },
      runAt: Math.max(at, this.clock.now()),
      ...(n.dedupeKey ? { dedupeKey: `${LATER_JOB}:${n.dedupeKey}` } : {}),
    });
  }

  /** Whether an unread notification of this kind about this source is waiting (chat answers coalesce). */
  hasUnread(executor: Executor, userId: string, kind: NotificationKind, sourceId: string): Promise<boolean> {
    return this.repository.hasUnread(executor, userId, kind, sourceId);
  }

  /** Tells the user's open sockets; a lost push is caught up by the storefront's polling. */
  private async push(row: NotificationRow): Promise<void> {
    try {
      const unread = await this.repository.count(this.db, row.userId, row.brand, true);
      const frame: NotificationFrame = { type: 'notification', notification: notificationDto(row), unread };
      const delivery: Delivery = {
        brand: row.brand,
        ownerKey: userOwner(row.userId).key,
        agentId: null,
        user: JSON.stringify(frame),
      };
      await this.bus.publish(DELIVER_TOPIC, delivery);
    } catch {
      // Stored already; the next poll shows it.
    }
  }

  async list(ctx: RequestContext, page: PageRequest, unreadFirst: boolean): Promise<Page<NotificationDto>> {
    const userId = userOf(ctx);
    const brand = ctx.brand.key;
    const [rows, total] = await Promise.all([
      this.repository.list(this.db, userId, brand, page.pageSize, offsetOf(page), unreadFirst),
      this.repository.count(this.db, userId, brand, false),
    ]);
    return pageOf(rows.map(notificationDto), total, page);
  }

  async unreadCount(ctx: RequestContext): Promise<{ count: number }> {
    return { count: await this.repository.count(this.db, userOf(ctx), ctx.brand.key, true) };
  }

  /** Marks one read (NOTIFICATION_NOT_FOUND when it is not the caller's); answers the unread count. */
  async markRead(ctx: RequestContext, id: string): Promise<{ count: number }> {
    const userId = userOf(ctx);
    const found = await this.repository.find(this.db, userId, ctx.brand.key, id);
    if (!found) throw new AppError('NOTIFICATION_NOT_FOUND');
    await this.repository.markRead(this.db, userId, ctx.brand.key, id, this.clock.now());
    return this.unreadCount(ctx);
  }

  async markAllRead(ctx: RequestContext): Promise<{ count: number }> {
    await this.repository.markRead(this.db, userOf(ctx), ctx.brand.key, undefined, this.clock.now());
    return { count: 0 };
  }
}
