import type { StatementDto } from '@mall/contract';
import { describe, expect, it } from 'vitest';
import { statementCsv } from './statement-csv.ts';

const statement: StatementDto = {
  currency: 'USDT',
  from: 0,
  to: 10,
  opening: { balance: '0', held: '0' },
  closing: { balance: '70.5', held: '0' },
  moneyIn: '100.5',
  moneyOut: '30',
  balance: '70.5',
  available: '70.5',
  held: '0',
  holds: [],
  pageList: [
    {
      id: 'b',
      at: 2,
      type: 'order_payment',
      kind: 'pay_order',
      amount: '-30',
      held: '0',
      balanceAfter: '70.5',
      heldAfter: '0',
      source: { kind: 'order', id: 'o1', serialNo: 'O"1' },
      commission: null,
      txHash: null,
      explorerUrl: null,
    },
    {
      id: 'a',
      at: 1,
      type: 'deposit',
      kind: 'recharge',
      amount: '100.5',
      held: '0',
      balanceAfter: '100.5',
      heldAfter: '0',
      source: null,
      commission: null,
      txHash: null,
      explorerUrl: null,
    },
  ],
  pageInfo: { pageNum: 1, pageSize: 100, total: 2 },
};

describe('statementCsv', () => {
  it('writes oldest first between the opening and closing balances, quoting what needs it', () => {
    const csv = statementCsv(statement, {
      header: ['Time', 'Type', 'Amount', 'Held', 'Balance', 'Held after', 'Source'],
      opening: 'Opening, balance',
      closing: 'Closing',
      type: (r) => r.type,
      time: (ms) => `t${ms}`,
    });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFTime,Type,Amount,Held,Balance,Held after,Source',
      't0,"Opening, balance",,,0,0,',
      't1,deposit,100.5,0,100.5,0,',
      't2,order_payment,-30,0,70.5,0,"order:O""1"',
      't10,Closing,,,70.5,0,',
      '',
    ]);
  });
});
