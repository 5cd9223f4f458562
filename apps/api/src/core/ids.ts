import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/**
 * ulid's own source of randomness asks crypto for one value per character (16 calls per id, a few
 * per cent of a checkout's CPU). This one hands out bytes of a pool refilled from the same crypto
 * source 4 KB at a time; a byte / 256 is uniform in [0, 1), which is all ulid needs.
 */
const pool = new Uint8Array(4096);
let next = pool.length;
function cryptoFraction(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]! / 256;
}

const ulid = monotonicFactory(cryptoFraction);

/** Opaque, sortable row id (ULID). */
export function newId(): string {
  return ulid();
}
