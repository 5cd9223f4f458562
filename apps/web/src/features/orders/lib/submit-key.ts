/**
 * The submission key of one checkout attempt (`/api/order/submit` is idempotent by it): the same
 * content keeps its key, so a double click or a retry after a lost reply answers the same orders;
 * changed content (another address, other lines) gets a fresh one.
 */
export function newSubmitKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function keyFor(
  current: { key: string; fingerprint: string } | null,
  fingerprint: string,
): { key: string; fingerprint: string } {
  return current && current.fingerprint === fingerprint ? current : { key: newSubmitKey(), fingerprint };
}
