import type { ReactNode } from 'react';

/** A red count on an icon ("99+", or `max`+ beyond `max`); nothing when zero. Numbers stay left to right. */
export function UnreadBadge({
  count,
  max = 99,
  children,
}: {
  count: number;
  max?: number;
  children: ReactNode;
}) {
  return (
    <span className="unread-badge-host">
      {children}
      {count > 0 && (
        <span className="unread-badge" dir="ltr">
          {count > max ? `${max}+` : count}
        </span>
      )}
    </span>
  );
}
