/** Small inline icons: no icon font, no extra request. */
const paths = {
  headset:
    'M12 3a8 8 0 00-8 8v5a3 3 0 003 3h1v-7H6v-1a6 6 0 0112 0v1h-2v7h2v1h-5v2h5a2 2 0 002-2v-9a8 8 0 00-8-8z',
  mail: 'M3 5h18a1 1 0 011 1v12a1 1 0 01-1 1H3a1 1 0 01-1-1V6a1 1 0 011-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3zM5.3 7L12 11.5 18.7 7H5.3z',
  user: 'M12 12a5 5 0 100-10 5 5 0 000 10zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
  gift: 'M20 7h-2.2A3 3 0 0012 3.8 3 3 0 006.2 7H4a1 1 0 00-1 1v3h18V8a1 1 0 00-1-1zM9 7a1 1 0 111-1v1H9zm5 0h-1V6a1 1 0 111 1zM4 13v7a1 1 0 001 1h6v-8H4zm9 8h6a1 1 0 001-1v-7h-7v8z',
} as const;

export function Icon({ name, size = 20 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}
