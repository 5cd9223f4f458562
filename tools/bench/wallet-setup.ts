/**
 * Prepares a database for the wallet bench (run before the server starts on it): a finance
 * operator with a session, `BUYERS` buyers, and `RECHARGES` bank deposit claims waiting for review,
 * spread over the buyers. The claims are written straight into the table (the per-user limit of
 * open claims is the storefront's rule, not what is measured). Writes the operator's token and the
 * claim ids to `<dir>/bench-recharges.json`. SQLite under `<dir>`, or PostgreSQL when DATABASE_URL
 * is set.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRANDS } from '@mall/contract';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config/env.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { newId } from '../../apps/api/src/core/ids.ts';
import { serialNumber } from '../../apps/api/src/modules/wallet/wallet.service.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: wallet-setup.ts <data dir>');
const BUYERS = Number(process.env.BUYERS ?? 32);
const RECHARGES = Number(process.env.RECHARGES ?? 30_000);
const brand = BRANDS[0]!;
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, sqliteFile: join(dir, 'mall.sqlite') });
await migrateToLatest(db.kysely);
const { app, services } = await buildApp({
  config: parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }),
  db,
  logger: false,
});
const stamp = Date.now().toString(36);
const account = async (username: string, roles: ('buyer' | 'finance')[]) => {
  const id = await services.accounts.createAccount({
    brand,
    username,
    email: `${username}@bench.example`,
    passwordHash: 'bench',
    roles,
  });
  if (!id) throw new Error(`could not create ${username}`);
  return id;
};
const financeId = await account(`benchfinance${stamp}`, ['finance']);
const token = await services.sessions.issue(financeId, brand.key);
const buyers: string[] = [];
for (let i = 0; i < BUYERS; i++) buyers.push(await account(`benchpayee${stamp}${i}`, ['buyer']));
const channel = await services.wallet.channel(brand.key, 'BANK');
const ids: string[] = [];
const now = Date.now();
const BATCH = 500;
for (let start = 0; start < RECHARGES; start += BATCH) {
  await db.kysely.transaction().execute(async (tx) => {
    for (let i = start; i < Math.min(RECHARGES, start + BATCH); i++) {
      const id = newId();
      ids.push(id);
      await services.wallet.repository.insertRecharge(tx, {
        id,
        serialNo: `${serialNumber('R', now)}${i}`,
        brand: brand.key,
        userId: buyers[i % buyers.length]!,
        kind: 'bank',
        channelCode: channel.code,
        network: channel.network,
        coin: channel.coin,
        rate: channel.rate,
        amountClaimed: channel.rechargeMin,
        amountCredited: null,
        txHash: null,
        proofUrl: null,
        bankName: 'Bench Bank',
        cardLast4: '4242',
        status: 'processing',
        remark: null,
        reviewedBy: null,
        reviewedAt: null,
        transferId: null,
        balanceAfter: null,
        createdAt: now,
      });
    }
  });
}
writeFileSync(join(dir, 'bench-recharges.json'), JSON.stringify({ token, received: '100', ids }));
await app.close();
await db.close();
console.log(JSON.stringify({ prepared: ids.length }));
