/**
 * Prepares a data directory for the orders bench (run before the server starts on it): a bench
 * store with goods whose stock cannot run out, and `BUYERS` buyers, each with a session, a fund
 * password, a delivery address and money in the wallet. Writes the buyers to `<dir>/bench-buyers.json`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRANDS, units } from '@mall/contract';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config/env.ts';
import { openDatabase } from '../../apps/api/src/core/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/core/db/migrate.ts';
import { newId } from '../../apps/api/src/core/ids.ts';
import { CatalogueImport } from '../../apps/api/src/modules/catalogue/index.ts';
import { ledgerAccounts } from '../../apps/api/src/modules/ledger/index.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: orders-setup.ts <data dir>');
const BUYERS = Number(process.env.BUYERS ?? 32);
const brand = BRANDS[0]!;
const db = openDatabase({ sqliteFile: join(dir, 'mall.sqlite') });
await migrateToLatest(db.kysely);
const { app, services } = await buildApp({
  config: parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }),
  db,
  logger: false,
});
const now = Date.now();
const importer = new CatalogueImport();
const category = newId();
const store = newId();
const goods = [newId(), newId(), newId(), newId()];
await importer.categories(
  db.kysely,
  [
    {
      id: category,
      parentId: null,
      name: 'Bench',
      names: {},
      iconUrl: '/media/category/box.svg',
      sort: 99,
      recommend: false,
    },
  ],
  now,
);
await importer.sellers(db.kysely, [
  {
    id: store,
    ownerUserId: null,
    name: 'Bench Store',
    logoUrl: '/media/logo/b.svg',
    bannerUrl: '/media/store-banner/b.svg',
    description: 'bench',
    country: 'China',
    recommend: false,
    createdAt: now,
  },
]);
await importer.goods(
  db.kysely,
  goods.map((id, i) => ({
    id,
    sellerId: store,
    categoryId: category,
    name: `Bench goods ${i}`,
    description: 'bench',
    coverUrl: '/media/goods/b.svg',
    images: [],
    sellingPrice: units(3),
    discountPrice: null,
    retailPrice: units(3),
    originalPrice: units(3),
    stock: 1_000_000_000,
    buyMin: 1,
    sold: 0,
    dispatchFee: 0n,
    distanceFee: 0n,
    deliveryFee: 0n,
    isNew: false,
    isHot: false,
    isRecommend: false,
    createdAt: now,
    specs: [],
  })),
);
const call = async (url: string, token: string, payload: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  const reply = res.json();
  if (reply.code !== 0) throw new Error(`${url}: ${res.body}`);
  return reply.data;
};
const buyers = [];
for (let i = 0; i < BUYERS; i++) {
  const username = `benchbuyer${now.toString(36)}${i}`;
  const userId = await services.accounts.createAccount({
    brand,
    username,
    email: `${username}@bench.example`,
    passwordHash: 'bench',
    roles: ['buyer'],
  });
  if (!userId) throw new Error('could not create a bench buyer');
  const token = await services.sessions.issue(userId, brand.key);
  await call('/api/user/SetSafeWord', token, { safeword: '135790', reSafeword: '135790' });
  const address = await call('/api/user/address/add', token, {
    name: 'Bench Buyer',
    email: 'bench01@shop.com',
    areaCode: '86',
    phone: '13800001111',
    nation: 'China',
    state: 'Guangdong',
    city: 'Shenzhen',
    postCode: '518000',
    address: 'No. 1 Bench Road',
  });
  await services.ledger.transfer(db.kysely, {
    id: `bench-credit:${userId}`,
    debit: ledgerAccounts.external('bench'),
    credit: ledgerAccounts.wallet(userId),
    amount: units(10_000_000),
    kind: 'recharge',
  });
  buyers.push({ token, addressId: address.id, goodsId: goods[i % goods.length] });
}
writeFileSync(join(dir, 'bench-buyers.json'), JSON.stringify({ fundPassword: '135790', buyers }));
await app.close();
await db.close();
console.log(JSON.stringify({ prepared: buyers.length }));
