/**
 * What the overdue list shows of a late loan (issue 30), from its instalments as the server sent
 * them: days overdue (started days since the earliest unpaid due time, as overdue interest counts
 * them), the amount due now (unpaid instalments already due, with their overdue interest) and the
 * overdue interest alone. Exact: decimal strings through the contract's bigint money.
 */
import { type AdminLoanDto, formatMoney, fromWireTime, parseMoney } from '@mall/contract';

const DAY_MS = 86_400_000;

const unitsOf = (text: string): bigint => {
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.units : 0n;
};

export interface OverdueFacts {
  daysOverdue: number;
  dueNow: string;
  overdueInterest: string;
}

export function overdueFacts(loan: AdminLoanDto, now: number): OverdueFacts | null {
  const late = loan.instalments.filter((i) => {
    const due = fromWireTime(i.dueTime);
    return i.status !== 'paid' && due !== undefined && due <= now;
  });
  if (late.length === 0) return null;
  const earliest = Math.min(...late.map((i) => fromWireTime(i.dueTime) ?? now));
  const interest = late.reduce((sum, i) => sum + unitsOf(i.overdueInterest), 0n);
  // An instalment is paid whole, so an unpaid one still owes its scheduled amount.
  const owed = late.reduce((sum, i) => sum + unitsOf(i.amount), 0n);
  return {
    daysOverdue: Math.max(1, Math.ceil((now - earliest) / DAY_MS)),
    dueNow: formatMoney(owed + interest),
    overdueInterest: formatMoney(interest),
  };
}
