import type { AdminLoanDto, LoanInstalmentDto } from '@mall/contract';
import { fromWireTime } from '@mall/contract';
import { describe, expect, it } from 'vitest';
import { overdueFacts } from './overdue-facts.ts';

const instalment = (seq: number, dueTime: string, status: LoanInstalmentDto['status'], overdue = '0') =>
  ({
    seq,
    dueTime,
    status,
    amount: '40480.95',
    overdueInterest: overdue,
    paidAmount: '0',
  }) as LoanInstalmentDto;

describe('overdueFacts', () => {
  it('counts started days since the earliest unpaid due time and sums what is due, exactly', () => {
    const loan = {
      instalments: [
        instalment(1, '2026-01-01 10:00:00', 'overdue', '12.3456789012'),
        instalment(2, '2026-01-31 10:00:00', 'overdue', '0.1'),
        instalment(3, '2026-03-02 10:00:00', 'pending'),
      ],
    } as AdminLoanDto;
    const now = fromWireTime('2026-02-10 10:00:01') as number;
    expect(overdueFacts(loan, now)).toEqual({
      daysOverdue: 41,
      dueNow: '80974.3456789012',
      overdueInterest: '12.4456789012',
    });
  });

  it('answers nothing for a loan with nothing due', () => {
    const loan = { instalments: [instalment(1, '2026-03-02 10:00:00', 'pending')] } as AdminLoanDto;
    expect(overdueFacts(loan, fromWireTime('2026-02-10 10:00:00') as number)).toBeNull();
  });
});
