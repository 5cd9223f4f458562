/**
 * The database stores UTC instants (epoch milliseconds). The wire carries
 * `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, which has been UTC+8 without daylight saving since 1991,
 * so a fixed offset is exact and far cheaper than Intl on hot paths.
 */
export const WIRE_TIME_ZONE = 'Asia/Shanghai';
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function toWireTime(epochMs: number | bigint): string {
  const d = new Date(Number(epochMs) + SHANGHAI_OFFSET_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const WIRE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Parses a wire time back to epoch ms; undefined when malformed or not a real calendar time. */
export function fromWireTime(text: string): number | undefined {
  const m = WIRE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  ) {
    return undefined;
  }
  return utc - SHANGHAI_OFFSET_MS;
}
