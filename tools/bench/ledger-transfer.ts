/**
 * The money bench's subject: LedgerService.transfer (idempotency row, conditional debit, credit,
 * balances after, one transaction) on the server's SQLite setup, one after another.
 * Prints {"perSecond": n} after `SECONDS`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../apps/api/src/core/clock.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { LedgerRepository, LedgerService, ledgerAccounts } from '../../apps/api/src/modules/ledger/index.ts';

const seconds = Number(process.env.SECONDS ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'ledger-transfer-'));
const db = openDatabase({ sqliteFile: join(dir, 'mall.sqlite') });
await migrateToLatest(db.kysely);
const ledger = new LedgerService(new LedgerRepository(), systemClock);
const from = ledgerAccounts.wallet('bench-a');
const to = ledgerAccounts.wallet('bench-b');
await ledger.transfer(db.kysely, {
  id: 'seed',
  debit: ledgerAccounts.external('bench'),
  credit: from,
  amount: 10n ** 17n,
  kind: 'recharge',
});
let n = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  await ledger.transfer(db.kysely, { id: `t${n}`, debit: from, credit: to, amount: 1n, kind: 'bench' });
  n++;
}
await db.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ perSecond: n / seconds }));
