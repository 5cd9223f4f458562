/** The message centre: per-user notifications of orders, wallet, loans, verifications and chat. */
export {
  GUARD_INSTALMENT_OPEN,
  GUARD_ORDER_UNPAID,
  NotificationEvents,
  type OrderLike,
} from './notification-events.ts';
export { NotificationsRepository } from './notifications.repository.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { type NewNotification, NotificationsService } from './notifications.service.ts';
