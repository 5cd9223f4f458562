import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (countdowns to a pay or return deadline). */
export function useNow(everyMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, enabled]);
  return now;
}

/** mm:ss or h:mm:ss left until `until`; "0:00" once passed. */
export function countdown(until: number, now: number): string {
  const left = Math.max(0, Math.floor((until - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
