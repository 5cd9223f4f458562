/**
 * The chain bench's subject (issue 29): one block carrying 1,000 token transfers to 1,000 users'
 * own deposit addresses, on a local Ganache node, watched by the mall on the server's SQLite setup.
 * Measures the seconds from the N-th confirmation to all 1,000 credited (one watcher run), and, in
 * the same process, the raw LedgerService.transfer rate one after another. Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HDAccount } from 'viem/accounts';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config/env.ts';
import { systemClock } from '../../apps/api/src/core/clock.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { newId } from '../../apps/api/src/core/ids.ts';
import { startTestNode } from '../../apps/api/src/flows/chain/chain.test-node.ts';
import { LedgerRepository, LedgerService, ledgerAccounts } from '../../apps/api/src/modules/ledger/index.ts';

const USERS = 1000;
const N = 3;
const LEDGER_SECONDS = Number(process.env.SECONDS ?? 3);

const node = await startTestNode();
const dir = mkdtempSync(join(tmpdir(), 'mall-bench-chain-'));
const db = openDatabase({ sqliteFile: join(dir, 'mall.sqlite') });
try {
  await migrateToLatest(db.kysely);
  const config = parseConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    CHAIN_EVM_RPC_URL: node.url,
    CHAIN_EVM_XPUB: node.xpub,
    CHAIN_EVM_TOKENS: `USDT:${node.token}:6`,
    CHAIN_EVM_CONFIRMATIONS: String(N),
  });
  const mall = await buildApp({ config, db, clock: systemClock, logger: false });
  const rails = mall.services.chain;
  if (!rails) throw new Error('chain rails are off');
  const users = Array.from({ length: USERS }, () => newId());
  const addresses: string[] = [];
  for (const id of users) addresses.push(await rails.addresses.addressOf('novamart', id));
  await rails.tick();
  await node.payBatch(
    node.accounts[2] as HDAccount,
    addresses,
    users.map((_, i) => 1_000_000n + BigInt(i)),
  );
  await node.mine();
  let started = performance.now();
  const seen = await rails.tick();
  const seenSeconds = (performance.now() - started) / 1000;
  const deposits = seen.scans.reduce((sum, s) => sum + s.seen, 0);
  await node.mine(N - 1);
  started = performance.now();
  const { credited } = await rails.tick();
  const creditSeconds = (performance.now() - started) / 1000;
  const audit = await mall.services.ledger.audit(db.kysely);
  await mall.app.close();

  // The raw ledger rate, in this run, on a fresh database of the same setup.
  const ledgerDb = openDatabase({ sqliteFile: join(dir, 'ledger.sqlite') });
  await migrateToLatest(ledgerDb.kysely);
  const ledger = new LedgerService(new LedgerRepository(), systemClock);
  const from = ledgerAccounts.wallet('bench-a');
  const to = ledgerAccounts.wallet('bench-b');
  await ledger.transfer(ledgerDb.kysely, {
    id: 'seed',
    debit: ledgerAccounts.external('bench'),
    credit: from,
    amount: 10n ** 17n,
    kind: 'recharge',
  });
  let n = 0;
  const end = Date.now() + LEDGER_SECONDS * 1000;
  while (Date.now() < end) {
    await ledger.transfer(ledgerDb.kysely, {
      id: `t${n}`,
      debit: from,
      credit: to,
      amount: 1n,
      kind: 'bench',
    });
    n++;
  }
  await ledgerDb.close();
  console.log(
    JSON.stringify({
      deposits,
      seenSeconds,
      credited,
      creditSeconds,
      ledgerPerSecond: n / LEDGER_SECONDS,
      auditOk: audit.ok,
    }),
  );
} finally {
  await db.close().catch(() => undefined);
  await node.close();
  rmSync(dir, { recursive: true, force: true });
}
