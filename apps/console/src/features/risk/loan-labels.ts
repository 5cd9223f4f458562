/** Colours of loan and instalment states (the wallet's badge colours mean other things). */
export const LOAN_COLORS: Record<string, string> = {
  applying: 'yellow',
  success: 'blue',
  failed: 'gray',
  repaid: 'green',
  overdue: 'red',
  pending: 'gray',
  paid: 'green',
};

/** A yearly rate in basis points as a percentage with two decimals (730 → "7.30%"), without floats. */
export function percent(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}
