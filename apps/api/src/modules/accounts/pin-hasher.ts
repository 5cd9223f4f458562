/**
 * Fund passwords are six-digit PINs. A slow hash cannot protect a PIN: there are only 10^6 of
 * them, so argon2 at 30 ms makes an offline guess of one user's PIN take hours, not years, while
 * it makes every payment wait 30 ms of CPU. Instead a PIN is stored as HMAC-SHA256 with a
 * per-user salt and a server-side pepper (FUND_PIN_PEPPER) that is never in the database: a
 * stolen database alone gives nothing to guess against. Online guessing is stopped by the
 * 3-minute lock after three wrong entries. Hashes made by argon2 earlier are still accepted and
 * replaced by the new form at the next correct entry.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from './password-hasher.ts';

const PREFIX = 'pin1$';

/** For development and tests only; production sets FUND_PIN_PEPPER (docs/operations.md). */
export const DEV_PIN_PEPPER = 'development-pepper-not-for-production-use';

export interface PinHasher {
  hash(pin: string): string;
  /** `upgrade` says the stored hash is of an older kind and should be replaced after a match. */
  verify(stored: string, pin: string): Promise<{ ok: boolean; upgrade: boolean }>;
}

export function createPinHasher(pepper: string, legacy: PasswordHasher): PinHasher {
  const mac = (salt: Buffer, pin: string) => createHmac('sha256', pepper).update(salt).update(pin).digest();
  return {
    hash(pin) {
      const salt = randomBytes(16);
      return `${PREFIX}${salt.toString('base64url')}$${mac(salt, pin).toString('base64url')}`;
    },
    async verify(stored, pin) {
      if (!stored.startsWith(PREFIX)) return { ok: await legacy.verify(stored, pin), upgrade: true };
      const [saltText, macText] = stored.slice(PREFIX.length).split('$');
      if (!saltText || !macText) return { ok: false, upgrade: false };
      const expected = Buffer.from(macText, 'base64url');
      const actual = mac(Buffer.from(saltText, 'base64url'), pin);
      return { ok: expected.length === actual.length && timingSafeEqual(expected, actual), upgrade: false };
    },
  };
}
