/** Shows a server time (Asia/Shanghai, YYYY-MM-DD HH:mm:ss) in the browser's own zone. */
export function localTime(wire: string | null | undefined): string {
  if (!wire) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wire);
  if (!m) return wire;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * A decimal amount from the server for people, by the storefront's one rule (issue 26): digit
 * groups of three, at least two decimals and at most six, trailing zeros beyond the second trimmed;
 * never through a float, never rounded up (a seventh decimal and beyond is cut).
 */
export function money(value: string | null | undefined): string {
  if (!value) return '-';
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.slice(0, 6).replace(/0+$/, '').padEnd(2, '0')}`;
}
