/**
 * A statement as CSV (RFC 4180: comma separated, fields quoted when they hold a comma, quote or line
 * break; CRLF line ends), oldest first, with the opening and closing balances as its first and last
 * lines so the file reconciles on its own. Amounts stay the exact decimal strings of the ledger.
 */
import type { StatementDto } from '@mall/contract';

export interface CsvLabels {
  header: [string, string, string, string, string, string, string];
  opening: string;
  closing: string;
  type(row: StatementDto['pageList'][number]): string;
  time(ms: number): string;
}

const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function statementCsv(statement: StatementDto, labels: CsvLabels): string {
  const lines = [labels.header.map(field).join(',')];
  lines.push(
    [
      labels.time(statement.from),
      labels.opening,
      '',
      '',
      statement.opening.balance,
      statement.opening.held,
      '',
    ]
      .map(field)
      .join(','),
  );
  for (const row of [...statement.pageList].reverse()) {
    lines.push(
      [
        labels.time(row.at),
        labels.type(row),
        row.amount,
        row.held,
        row.balanceAfter,
        row.heldAfter,
        row.source ? `${row.source.kind}:${row.source.serialNo ?? row.source.id}` : '',
      ]
        .map(field)
        .join(','),
    );
  }
  lines.push(
    [labels.time(statement.to), labels.closing, '', '', statement.closing.balance, statement.closing.held, '']
      .map(field)
      .join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
