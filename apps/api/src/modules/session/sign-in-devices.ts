/**
 * Where accounts sign up and sign in from (issue 26, underwriting): the device id the storefront
 * keeps in localStorage and sends with login and register, and the client address. Written by
 * SessionService.issue on a sign-in; read by the risk view through `accountsSharingDevices`
 * (exported from index.ts, taking the caller's executor like the other modules' reads).
 */
import { sql } from 'kysely';
import type { Executor } from '../../core/db/database.ts';

/** What a sign-in came with. */
export interface SignInFrom {
  event: 'register' | 'login';
  /** The storefront's device id; absent from the spec's own clients and the console. */
  deviceId?: string | undefined;
  ip: string;
}

/** `::ffff:10.0.0.1` is 10.0.0.1; kept to the column's 45 characters. */
export function plainIp(ip: string): string {
  return (ip.startsWith('::ffff:') ? ip.slice(7) : ip).slice(0, 45);
}

/**
 * The server's own addresses (a sign-in through a local proxy not trusted, a test on this machine)
 * say nothing about a person, so they are never compared.
 */
export function comparableIp(ip: string): boolean {
  return ip !== '' && ip !== '::1' && !ip.startsWith('127.');
}

export async function recordSignIn(
  db: Executor,
  userId: string,
  brand: string,
  from: SignInFrom,
  now: number,
): Promise<void> {
  await db
    .insertInto('sign_in_devices')
    .values({
      user_id: userId,
      brand,
      device_id: from.deviceId ?? '',
      ip: plainIp(from.ip),
      first_event: from.event,
      first_at: now,
      last_at: now,
      times: 1,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_id', 'ip']).doUpdateSet({
        last_at: now,
        times: sql<number>`sign_in_devices.times + 1`,
      }),
    )
    .execute();
}

export interface SharedDevice {
  userId: string;
  via: 'device' | 'ip';
}

/**
 * Other accounts of the brand that signed up or in from one of the user's devices or addresses,
 * device matches first, at most `limit` of each kind, each account once per kind.
 */
export async function accountsSharingDevices(
  db: Executor,
  brand: string,
  userId: string,
  limit = 20,
): Promise<SharedDevice[]> {
  const mine = await db
    .selectFrom('sign_in_devices')
    .select(['device_id', 'ip'])
    .where('user_id', '=', userId)
    .where('brand', '=', brand)
    .execute();
  const devices = [...new Set(mine.map((r) => r.device_id).filter((d) => d !== ''))];
  const ips = [...new Set(mine.map((r) => r.ip).filter(comparableIp))];
  const others = async (column: 'device_id' | 'ip', values: string[]) =>
    values.length === 0
      ? []
      : (
          await db
            .selectFrom('sign_in_devices')
            .select('user_id')
            .distinct()
            .where('brand', '=', brand)
            .where(column, 'in', values)
            .where('user_id', '!=', userId)
            .orderBy('user_id')
            .limit(limit)
            .execute()
        ).map((r) => r.user_id);
  const byDevice = await others('device_id', devices);
  const byIp = await others('ip', ips);
  return [
    ...byDevice.map((id) => ({ userId: id, via: 'device' as const })),
    ...byIp.map((id) => ({ userId: id, via: 'ip' as const })),
  ];
}
