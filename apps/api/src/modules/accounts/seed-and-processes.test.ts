import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config/env.ts';
import { createLocalBus } from '../../core/bus.ts';
import { ManualClock } from '../../core/clock.ts';
import { openDatabase } from '../../core/db/database.ts';
import { migrateToLatest } from '../../core/db/migrate.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, register } from './accounts.test-helpers.ts';
import { DEMO_ACCOUNTS, DEMO_FUND_PASSWORD, DEMO_PASSWORD, seedDemoAccounts } from './seed.ts';

describeEachDialect('demo accounts', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('are created once per brand with their roles, and printed only the first time', async () => {
    const lines = await seedDemoAccounts(t.services.accounts);
    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
    expect(await seedDemoAccounts(t.services.accounts)).toEqual([]);
    for (const demo of DEMO_ACCOUNTS) {
      const reply = await call(t, 'POST', '/api/login', { username: demo.username, password: DEMO_PASSWORD });
      expect(reply.data.user.roles.sort(), demo.username).toEqual([...demo.roles].sort());
    }
    const lumen = await call(
      t,
      'POST',
      '/api/login',
      { username: 'demobuyer', password: DEMO_PASSWORD },
      { host: 'lumen.localhost' },
    );
    expect(lumen).toMatchObject({ code: 0, data: { user: { fundPasswordSet: true } } });
    await expect(
      t.services.accounts.verifyFundPassword(t.db.kysely, lumen.data.user.id, DEMO_FUND_PASSWORD),
    ).resolves.toBeUndefined();
  }, 60_000);
});

describe('two API processes on one database and one bus', () => {
  it("a lock in one process ends the user's session in the other at once; roles and brand follow", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mall-bus-'));
    const file = join(dir, 'mall.sqlite');
    const db1 = openDatabase({ sqliteFile: file });
    await migrateToLatest(db1.kysely);
    const db2 = openDatabase({ sqliteFile: file });
    const bus = createLocalBus();
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0));
    const config = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir });
    const a = await buildApp({ config, db: db1, clock, bus, logger: false });
    const b = await buildApp({ config, db: db2, clock, bus, logger: false });
    try {
      const ta = { ...a, db: db1, clock, close: async () => {} } as TestApp;
      const tb = { ...b, db: db2, clock, close: async () => {} } as TestApp;
      const admin = await register(ta);
      await grantRoles(ta, admin.userId, ['admin']);
      const user = await register(ta);
      // Process B reads (and keeps for a moment) the user's session.
      expect(await call(tb, 'GET', '/api/get/local/user', {}, { token: user.token })).toMatchObject({
        code: 0,
      });
      expect(
        await call(ta, 'POST', '/api/admin/user/lock', { userId: user.userId }, { token: admin.token }),
      ).toMatchObject({
        code: 0,
      });
      expect(await call(tb, 'GET', '/api/get/local/user', {}, { token: user.token })).toMatchObject({
        code: 403,
      });
      // A role granted in A counts in B at once too.
      const staff = await register(ta);
      expect(await call(tb, 'GET', '/api/admin/user/list', {}, { token: staff.token })).toMatchObject({
        key: 'NO_PERMISSION',
      });
      await call(
        ta,
        'POST',
        '/api/admin/user/roles',
        { userId: staff.userId, roles: ['finance'] },
        { token: admin.token },
      );
      expect(await call(tb, 'GET', '/api/admin/user/list', {}, { token: staff.token })).toMatchObject({
        code: 0,
      });
      // A custom role re-granted in A changes what its holder may do in B at once.
      const role = await call(
        ta,
        'POST',
        '/api/admin/role/create',
        { name: 'Desk', grants: ['agent'] },
        { token: admin.token },
      );
      await call(
        ta,
        'POST',
        '/api/admin/user/roles',
        { userId: staff.userId, roles: ['buyer'], staffRoleIds: [role.data.id] },
        { token: admin.token },
      );
      expect(await call(tb, 'GET', '/api/admin/user/list', {}, { token: staff.token })).toMatchObject({
        code: 0,
      });
      await call(
        ta,
        'POST',
        '/api/admin/role/update',
        { id: role.data.id, name: 'Desk', grants: ['seller'] },
        { token: admin.token },
      );
      expect(await call(tb, 'GET', '/api/admin/user/list', {}, { token: staff.token })).toMatchObject({
        key: 'NO_PERMISSION',
      });
      // A brand setting changed in A is worn by B, and by a process started afterwards.
      await call(ta, 'POST', '/api/admin/brand/update', { title: 'Night market' }, { token: admin.token });
      await expect
        .poll(async () => (await call(tb, 'GET', '/api/brand', {})).data.title)
        .toBe('Night market');
      const c = await buildApp({ config, db: db2, clock, bus: createLocalBus(), logger: false });
      const tc = { ...c, db: db2, clock, close: async () => {} } as TestApp;
      expect((await call(tc, 'GET', '/api/brand', {})).data.title).toBe('Night market');
      await c.app.close();
    } finally {
      await a.app.close();
      await b.app.close();
      await db1.close();
      await db2.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
