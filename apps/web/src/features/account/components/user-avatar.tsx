/**
 * The avatars a user picks from (numbers 1-20, as the API stores them): drawn here as small SVGs,
 * five colours times four looks, so they need no image files and look the same for every brand.
 */
const COLOURS = [
  ['#2563eb', '#dbeafe'],
  ['#059669', '#d1fae5'],
  ['#d97706', '#fef3c7'],
  ['#7c3aed', '#ede9fe'],
  ['#db2777', '#fce7f3'],
] as const;

export const AVATAR_NUMBERS = Array.from({ length: 20 }, (_, i) => i + 1);

export function UserAvatar({ n, size = 64 }: { n: number; size?: number }) {
  const index = Math.min(20, Math.max(1, Math.trunc(n) || 1)) - 1;
  const [ink, paper] = COLOURS[index % COLOURS.length] ?? COLOURS[0];
  const look = Math.floor(index / COLOURS.length);
  return (
    <svg className="account-avatar" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <circle cx="32" cy="32" r="32" fill={paper} />
      {look === 1 && <path d="M15 36c0-14 7-22 17-22s17 8 17 22l-4 10H19z" fill={ink} opacity="0.55" />}
      <circle cx="32" cy="26" r="11" fill={ink} />
      <path d="M12 58c2-11 10-17 20-17s18 6 20 17a32 32 0 0 1-40 0z" fill={ink} />
      {look === 2 && <path d="M20 22c1-8 6-12 12-12s11 4 12 12c-7-3-17-3-24 0z" fill="#1f2937" />}
      {look === 2 && <rect x="18" y="20" width="28" height="3" rx="1.5" fill="#1f2937" />}
      {look === 3 && (
        <g fill="none" stroke="#fff" strokeWidth="2">
          <circle cx="27.5" cy="26" r="3.5" />
          <circle cx="36.5" cy="26" r="3.5" />
          <path d="M31 26h2" />
        </g>
      )}
      {look === 1 && <circle cx="32" cy="26" r="11" fill={ink} />}
    </svg>
  );
}
