/**
 * `npm run audit:ledger`: checks the ledger's invariants on a live database (the one DATABASE_URL
 * or DATA_DIR points at, as the server would open it) and exits 1 when any breaks:
 * every currency's balances sum to zero; every account's balance equals its posted transfers and
 * its hold equals its pending ones; no wallet or escrow is below zero; no transfer is malformed.
 */
import { join, resolve } from 'node:path';
import { formatMoney } from '@mall/contract';
import { parseConfig } from '../../apps/api/src/config/env.ts';
import { systemClock } from '../../apps/api/src/core/clock.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { LedgerRepository, LedgerService } from '../../apps/api/src/modules/ledger/index.ts';

const config = parseConfig(process.env);
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: join(resolve(config.dataDir), 'mall.sqlite'),
});
try {
  await migrateToLatest(db.kysely);
  const report = await new LedgerService(new LedgerRepository(), systemClock).audit(db.kysely);
  const accounts = await db.kysely
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const transfers = await db.kysely
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  console.info(`ledger audit (${db.dialect}): ${accounts.n} accounts, ${transfers.n} transfers`);
  for (const s of report.sums)
    console.info(`  sum of ${s.currency} balances: ${formatMoney(s.total)} (must be 0)`);
  for (const a of report.inconsistentAccounts) {
    console.info(
      `  account ${a.id}: balance ${formatMoney(a.balance)}, transfers say ${formatMoney(a.fromTransfers)}; held ${formatMoney(a.pendingOut)}, pending transfers ${formatMoney(a.heldByTransfers)}`,
    );
  }
  for (const id of report.malformedTransfers) console.info(`  malformed transfer ${id}`);
  console.info(report.ok ? 'ledger audit: ok' : 'ledger audit: FAILED');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
