/**
 * The message centre's drawer, from the inline end (right in English, left in Arabic), full width on
 * a phone: newest first, unread ones marked, each opening what it is about (and read from then on),
 * "Mark all read". Mantine's drawer traps the focus, closes on Escape and gives it back to the
 * header's button; a navigation closes it.
 */
import { NOTIFICATION_PAGE_SIZE, type NotificationDto } from '@mall/contract';
import { Drawer } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLangNavigate } from '../../lib/nav.tsx';
import {
  onNotificationArrived,
  setNotificationsOpen,
  setNotificationsUnread,
  useNotificationsOpen,
  useNotificationsUnread,
} from '../../lib/notifications-store.ts';
import { useLocation } from '../../lib/router/router.tsx';
import { openServiceChat } from '../../lib/service-dialog-store.ts';
import { useTranslation } from '../../lib/translator/react.ts';
import { toLocalTime } from '../../lib/wire-time.ts';
import { notificationTarget, notificationText } from './notification-text.ts';
import { fetchNotifications, markAllRead, markRead } from './notifications-api.ts';
import './notifications.css';

const DRAWER_WIDTH = 400;
const KEY = ['notifications'] as const;

function Item({ n, onOpen }: { n: NotificationDto; onOpen: (n: NotificationDto) => void }) {
  const { t } = useTranslation('notifications');
  const unread = n.readTime === null;
  return (
    <li className={`notification${unread ? ' is-unread' : ''}`}>
      <button type="button" className="notification-open" onClick={() => onOpen(n)}>
        {unread && <span className="notification-dot" aria-hidden="true" />}
        <span className="notification-text">
          {unread && <span className="visually-hidden">{t('unread')}: </span>}
          {notificationText(t, n)}
        </span>
        <time className="notification-time" dir="ltr" dateTime={n.createTime}>
          {toLocalTime(n.createTime)}
        </time>
      </button>
    </li>
  );
}

export default function NotificationsDrawer() {
  const { t } = useTranslation('notifications');
  const open = useNotificationsOpen();
  const unread = useNotificationsUnread();
  const navigate = useLangNavigate();
  const client = useQueryClient();
  const [size, setSize] = useState(NOTIFICATION_PAGE_SIZE);
  const list = useQuery({
    queryKey: [...KEY, size],
    queryFn: () => fetchNotifications(size),
    enabled: open,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    setNotificationsOpen(false);
  }, [pathname]);
  // A push (or a new unread count) brings the list up to date when it is showing.
  useEffect(() => onNotificationArrived(() => void client.invalidateQueries({ queryKey: KEY })), [client]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed count means a changed list
  useEffect(() => {
    if (open) void client.invalidateQueries({ queryKey: KEY });
  }, [unread, open, client]);

  const openOne = (n: NotificationDto) => {
    if (n.readTime === null) {
      void markRead(n.id).then(setNotificationsUnread, () => undefined);
    }
    setNotificationsOpen(false);
    const target = notificationTarget(n);
    if (target === 'chat') openServiceChat();
    else navigate(target);
  };
  const readAll = async () => {
    try {
      setNotificationsUnread(await markAllRead());
    } finally {
      void client.invalidateQueries({ queryKey: KEY });
    }
  };

  const items = list.data?.pageList ?? [];
  const total = list.data?.pageInfo.total ?? 0;
  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <p className="notifications-state" aria-busy="true">
        {t('loading')}
      </p>
    );
  } else if (list.isError && items.length === 0) {
    body = (
      <div className="notifications-state" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="notifications-action" onClick={() => void list.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="notifications-state">{t('empty')}</p>;
  } else {
    body = (
      <>
        <ul className="notifications-list">
          {items.map((n) => (
            <Item key={n.id} n={n} onOpen={openOne} />
          ))}
        </ul>
        {total > items.length && size < 100 && (
          <button
            type="button"
            className="notifications-action notifications-more"
            onClick={() => setSize((s) => Math.min(100, s + NOTIFICATION_PAGE_SIZE))}
          >
            {t('more')}
          </button>
        )}
      </>
    );
  }

  return (
    <Drawer
      opened={open}
      onClose={() => setNotificationsOpen(false)}
      position="right"
      size={DRAWER_WIDTH}
      title={t('title')}
      classNames={{
        content: 'notifications-drawer',
        body: 'notifications-body',
        title: 'notifications-title',
      }}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <div className="notifications-toolbar">
        <button
          type="button"
          className="notifications-action"
          onClick={() => void readAll()}
          disabled={unread === 0}
        >
          {t('markAllRead')}
        </button>
      </div>
      {body}
    </Drawer>
  );
}
