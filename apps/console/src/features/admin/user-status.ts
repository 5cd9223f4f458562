/** Users' statuses: their badge colours and the changes an admin may make from each. */
import type { UserStatus } from '@mall/contract';

export const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  locked: 'orange',
  disabled: 'red',
  cancelled: 'gray',
};

/** The badge and button colour of a business lock (money stopped, sign-in still allowed). */
export const BUSINESS_LOCK_COLOR = 'grape';

export type StatusChange = 'lock' | 'disable' | 'unlock';

/** A cancelled account is final; an active one can be locked or disabled; the others unlocked. */
export function changesFrom(status: UserStatus): StatusChange[] {
  if (status === 'cancelled') return [];
  if (status === 'active') return ['lock', 'disable'];
  return ['unlock'];
}
