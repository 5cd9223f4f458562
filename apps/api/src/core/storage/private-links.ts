/**
 * Short-lived signed links to private files (identity documents, payment proofs). Records keep the
 * plain path `/api/upload/private/<id>`, which answers only to its owner's or allowed staff's
 * session; an answer that shows such a record to someone the API already allowed carries the path
 * signed for 15 minutes (`?exp=&sig=`), so an <img> can load it without a session header.
 *
 * The secret is process-wide because the answers' shapers (wallet.dto, identity, merchants, loans)
 * are plain functions; every process of one mall must share it (STORAGE_URL_SECRET), or a link
 * made by one process fails on another. Unset, each process makes up its own at start.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const PRIVATE_URL_PREFIX = '/api/upload/private/';
const PRIVATE_URL = /^\/api\/upload\/private\/([0-9A-Z]{26})(?:\?.*)?$/;
const LINK_SECONDS = 15 * 60;
/** Expiry rounded up to this step, so one record's link stays the same for a few minutes (caching). */
const STEP_SECONDS = 5 * 60;

let secret: Buffer = randomBytes(32);

/** Sets the mall's signing secret; undefined keeps the one this process made up. */
export function usePrivateLinkSecret(value: string | undefined): void {
  if (value) secret = Buffer.from(value, 'utf8');
}

const signatureOf = (id: string, exp: number): string =>
  createHmac('sha256', secret).update(`${id}:${exp}`).digest('base64url').slice(0, 32);

export function privateUrlOf(id: string): string {
  return PRIVATE_URL_PREFIX + id;
}

/** The upload id of a private path (plain or signed, relative or absolute), or undefined. */
export function privateIdOf(url: string): string | undefined {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      path = parsed.pathname + parsed.search;
    } catch {
      return undefined;
    }
  }
  return PRIVATE_URL.exec(path)?.[1];
}

/**
 * A URL fit to show: a private path comes back signed for 15 minutes, anything else unchanged.
 * Call it only where the answer goes to someone allowed to see the record.
 */
export function presentableUrl<T extends string | null | undefined>(url: T, now = Date.now()): T {
  if (!url) return url;
  const id = privateIdOf(url);
  if (!id) return url;
  const exp = Math.ceil((Math.floor(now / 1000) + LINK_SECONDS) / STEP_SECONDS) * STEP_SECONDS;
  return `${PRIVATE_URL_PREFIX}${id}?exp=${exp}&sig=${signatureOf(id, exp)}` as T;
}

/** True when `exp`/`sig` are a valid, unexpired signature of the private file `id`. */
export function isValidPrivateLink(id: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expSeconds = Number(exp);
  if (expSeconds * 1000 < now) return false;
  const expected = Buffer.from(signatureOf(id, expSeconds));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
