import { fromWireTime } from '@mall/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** Shows a server time (Asia/Shanghai) in the browser's own zone, same YYYY-MM-DD HH:mm:ss shape. */
export function toLocalTime(wire: string): string {
  const ms = fromWireTime(wire);
  if (ms === undefined) return wire;
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}
