/**
 * Keeps a signed-in session alive: a heartbeat at start and every 5 minutes (SPEC §9). A session
 * the server no longer knows answers 403, and the API client then signs out and goes to `/`.
 */
import { TIMERS } from '@mall/contract';
import { useEffect } from 'react';
import { apiCall } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';

export function SessionKeeper() {
  const token = useSession()?.token;
  useEffect(() => {
    if (!token) return;
    const beat = () => {
      apiCall('/api/user!heartbeat.action', { method: 'POST' }).catch(() => {
        // A network hiccup is retried at the next beat; a 403 is handled by the client itself.
      });
    };
    beat();
    const timer = setInterval(beat, TIMERS.heartbeatMs);
    return () => clearInterval(timer);
  }, [token]);
  return null;
}
