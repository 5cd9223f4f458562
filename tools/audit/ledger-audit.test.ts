/**
 * `npm run audit:ledger` as operators run it: a separate process on a live database, which must
 * exit 0 while the invariants hold and 1 (naming the account) once a balance is tampered with.
 * On SQLite (a data directory) and, with TEST_DATABASE_URL, on PostgreSQL (a schema of its own).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { units } from '@mall/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../apps/api/src/core/clock.ts';
import { type Db, openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { LedgerRepository, LedgerService, ledgerAccounts } from '../../apps/api/src/modules/ledger/index.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.TEST_DATABASE_URL;

interface Target {
  db: Db;
  /** The environment the CLI is started with, pointing at this database. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'mall-audit-'));
  const db = openDatabase({ sqliteFile: join(dir, 'mall.sqlite') });
  await migrateToLatest(db.kysely);
  return {
    db,
    env: { DATA_DIR: dir },
    async cleanup() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = `audit_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openDatabase({ databaseUrl: url, pgSchema: schema });
  await migrateToLatest(db.kysely);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    db,
    env: { DATABASE_URL: scoped.toString() },
    async cleanup() {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Runs the CLI; answers its exit code and what it printed. */
async function audit(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  try {
    const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['tools/audit/ledger-audit.ts'], {
      cwd: root,
      env: { ...base, ...env },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

const targets: [string, () => Promise<Target>][] = [['sqlite', sqliteTarget]];
if (postgresUrl) targets.push(['postgres', () => postgresTarget(postgresUrl)]);

for (const [name, open] of targets) {
  describe(`npm run audit:ledger [${name}]`, () => {
    let target: Target;
    const ledger = new LedgerService(new LedgerRepository(), new ManualClock(Date.UTC(2026, 10, 23)));
    const wallet = ledgerAccounts.wallet('audit-user');

    beforeAll(async () => {
      target = await open();
      await ledger.transfer(target.db.kysely, {
        id: 'audit-credit',
        debit: ledgerAccounts.external('test'),
        credit: wallet,
        amount: units(5),
        kind: 'recharge',
      });
      await ledger.hold(target.db.kysely, {
        id: 'audit-hold',
        debit: wallet,
        credit: ledgerAccounts.external('TRC20'),
        amount: units(2),
        kind: 'withdraw',
      });
    });
    afterAll(() => target.cleanup());

    it('exits 0 while every invariant holds, and 1 naming a tampered account', async () => {
      const clean = await audit(target.env);
      expect(clean.out).toContain('ledger audit: ok');
      expect(clean.out).toContain('2 transfers');
      expect(clean.code).toBe(0);

      await target.db.kysely
        .updateTable('ledger_accounts')
        .set({ balance: units(6) })
        .where('id', '=', wallet.id)
        .execute();
      const tampered = await audit(target.env);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain('ledger audit: FAILED');
      expect(tampered.out).toContain(`account ${wallet.id}`);
    }, 120_000);
  });
}
