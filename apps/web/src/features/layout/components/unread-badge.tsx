import type { ReactNode } from 'react';

/** A red count on an icon; nothing when the count is zero. Numbers stay left to right. */
export function UnreadBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className="unread-badge-host">
      {children}
      {count > 0 && (
        <span className="unread-badge" dir="ltr">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </span>
  );
}
