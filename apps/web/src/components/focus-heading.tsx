/**
 * A heading that takes focus when it appears (WCAG 2.4.3): after an action replaces part of the
 * page (orders placed), keyboard and screen-reader users land on the new content, not the body.
 */
import { type ReactNode, useEffect, useRef } from 'react';

export function FocusHeading({
  id,
  children,
  level = 2,
}: {
  id: string;
  children: ReactNode;
  level?: 2 | 3;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} ref={ref} tabIndex={-1} className="focus-heading">
      {children}
    </Tag>
  );
}
