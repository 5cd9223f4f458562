/**
 * The admin side of the back office over HTTP: staff roles as data (unique names, a held role cannot
 * be deleted, a custom role grants built-in capabilities, no admin removes their own admin), users
 * search and detail, brand settings and params with their checks, and the audit log's filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from './accounts.test-helpers.ts';

describeEachDialect('back office, admin side', (dialect) => {
  let t: TestApp;
  let admin: Registered;
  const as = (who: Registered) => ({ token: who.token });
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await register(t);
    await grantRoles(t, admin.userId, ['admin']);
  });
  afterAll(() => t.close());

  describe('staff roles', () => {
    it('creates a role that grants built-in capabilities to its holders at once', async () => {
      const staff = await register(t);
      expect(await call(t, 'GET', '/api/admin/wallet/recharge/list', {}, as(staff))).toMatchObject({
        key: 'NO_PERMISSION',
      });
      const created = await call(
        t,
        'POST',
        '/api/admin/role/create',
        { name: 'Cashier', description: 'Deposits', grants: ['finance'] },
        as(admin),
      );
      expect(created).toMatchObject({
        code: 0,
        data: { name: 'Cashier', grants: ['finance'], system: false },
      });
      const assigned = await call(
        t,
        'POST',
        '/api/admin/user/roles',
        { userId: staff.userId, staffRoleIds: [created.data.id] },
        as(admin),
      );
      expect(assigned.data).toMatchObject({ heldRoles: ['buyer'], staffRoles: [{ name: 'Cashier' }] });
      expect(assigned.data.roles).toContain('finance');
      expect(await call(t, 'GET', '/api/admin/wallet/recharge/list', {}, as(staff))).toMatchObject({
        code: 0,
      });

      // Names are unique whatever the case, built-in names included.
      for (const name of ['cashier', 'ADMIN']) {
        expect(
          await call(t, 'POST', '/api/admin/role/create', { name, grants: ['risk'] }, as(admin)),
        ).toMatchObject({ key: 'ROLE_NAME_DUPLICATE', code: 7101 });
      }
      expect(
        await call(t, 'POST', '/api/admin/role/create', { name: '  ', grants: ['risk'] }, as(admin)),
      ).toMatchObject({
        key: 'ROLE_NAME_FORMAT',
      });
      expect(
        await call(t, 'POST', '/api/admin/role/create', { name: 'Empty', grants: [] }, as(admin)),
      ).toMatchObject({
        key: 'ROLE_GRANTS_REQUIRED',
      });

      // Held: refused, and nothing is deleted; let go: deleted, and the capability is gone.
      expect(
        await call(t, 'POST', '/api/admin/role/delete', { id: created.data.id }, as(admin)),
      ).toMatchObject({
        key: 'ROLE_IN_USE',
        code: 7103,
      });
      const list = await call(t, 'GET', '/api/admin/role/list', {}, as(admin));
      expect(list.data.find((r: { id: string }) => r.id === created.data.id)).toMatchObject({ userCount: 1 });
      await call(t, 'POST', '/api/admin/user/roles', { userId: staff.userId, staffRoleIds: [] }, as(admin));
      expect(
        await call(t, 'POST', '/api/admin/role/delete', { id: created.data.id }, as(admin)),
      ).toMatchObject({
        code: 0,
      });
      expect(await call(t, 'GET', '/api/admin/wallet/recharge/list', {}, as(staff))).toMatchObject({
        key: 'NO_PERMISSION',
      });
      expect(await call(t, 'POST', '/api/admin/role/delete', { id: 'admin' }, as(admin))).toMatchObject({
        key: 'ROLE_BUILT_IN',
      });

      const log = await call(t, 'GET', '/api/admin/audit/list', { targetId: created.data.id }, as(admin));
      expect(log.data.pageList.map((e: { action: string }) => e.action).sort()).toEqual([
        'role.create',
        'role.delete',
      ]);
      expect(log.data.pageList[0]).toMatchObject({ actorId: admin.userId, actorName: admin.username });
    });

    it('refuses an admin removing their own admin role, directly or through a role', async () => {
      expect(
        await call(t, 'POST', '/api/admin/user/roles', { userId: admin.userId, roles: ['buyer'] }, as(admin)),
      ).toMatchObject({ key: 'ADMIN_SELF_DEMOTION', code: 7107 });
      const role = await call(
        t,
        'POST',
        '/api/admin/role/create',
        { name: 'Boss', grants: ['admin'] },
        as(admin),
      );
      await call(
        t,
        'POST',
        '/api/admin/user/roles',
        { userId: admin.userId, roles: ['buyer'], staffRoleIds: [role.data.id] },
        as(admin),
      );
      expect(
        await call(
          t,
          'POST',
          '/api/admin/role/update',
          { id: role.data.id, name: 'Boss', grants: ['finance'] },
          as(admin),
        ),
      ).toMatchObject({ key: 'ADMIN_SELF_DEMOTION' });
      expect(await call(t, 'GET', '/api/admin/user/list', {}, as(admin))).toMatchObject({ code: 0 });
      // Restore the direct admin role for the tests that follow.
      await call(
        t,
        'POST',
        '/api/admin/user/roles',
        { userId: admin.userId, roles: ['admin', 'buyer'] },
        as(admin),
      );
    });
  });

  it('searches users with filters, sorting and paging, and shows one with wallet and orders', async () => {
    const u = await register(t);
    const found = await call(
      t,
      'GET',
      '/api/admin/user/list',
      { keyword: u.username, status: 'active', sort: 'username', order: 'asc', pageSize: 10 },
      as(admin),
    );
    expect(found.data.pageList.map((r: { id: string }) => r.id)).toEqual([u.userId]);
    const staff = await call(t, 'GET', '/api/admin/user/list', { staff: 1 }, as(admin));
    expect(staff.data.pageList.every((r: { roles: string[] }) => r.roles.some((x) => x !== 'buyer'))).toBe(
      true,
    );
    const detail = await call(t, 'GET', '/api/admin/user/detail', { id: u.userId }, as(admin));
    expect(detail.data).toMatchObject({ user: { id: u.userId }, wallet: { balance: '0' }, recentOrders: [] });
  });

  it('changes brand settings at once for the storefront, checked, audited', async () => {
    const before = await call(t, 'GET', '/api/admin/brand/info', {}, as(admin));
    expect(before.data.overridden).toEqual([]);
    expect(
      await call(t, 'POST', '/api/admin/brand/update', { theme: { primary: 'red' } }, as(admin)),
    ).toMatchObject({ key: 'BRAND_COLOR_FORMAT' });
    expect(
      await call(t, 'POST', '/api/admin/brand/update', { promotionUrl: 'javascript:alert(1)' }, as(admin)),
    ).toMatchObject({ key: 'BRAND_URL_FORMAT' });
    expect(
      await call(t, 'POST', '/api/admin/brand/update', { hiddenLanguages: ['en'] }, as(admin)),
    ).toMatchObject({ key: 'BRAND_DEFAULT_LANGUAGE_HIDDEN' });
    const changed = await call(
      t,
      'POST',
      '/api/admin/brand/update',
      { title: 'Spring sale', theme: { primary: '#123456' } },
      as(admin),
    );
    expect(changed.data.overridden).toEqual(['theme.primary', 'title']);
    const brand = await call(t, 'GET', '/api/brand', {});
    expect(brand.data).toMatchObject({ title: 'Spring sale', theme: { primary: '#123456' } });
    // Back to the default: no longer an override.
    const reset = await call(
      t,
      'POST',
      '/api/admin/brand/update',
      { title: before.data.defaults.title, theme: { primary: before.data.defaults.theme.primary } },
      as(admin),
    );
    expect(reset.data.overridden).toEqual([]);
  });

  it('sets params by their definitions, a minimum never above its maximum', async () => {
    const list = await call(t, 'GET', '/api/admin/params/list', {}, as(admin));
    expect(list.data.find((p: { code: string }) => p.code === 'order_return_days')).toMatchObject({
      type: 'int',
      min: 0,
      max: 365,
      value: '7',
      overridden: false,
    });
    const set = (code: string, value: string) =>
      call(t, 'POST', '/api/admin/params/set', { code, value }, as(admin));
    expect(await set('order_return_days', 'ten')).toMatchObject({ key: 'PARAM_VALUE_INVALID', code: 7140 });
    expect(await set('order_return_days', '366')).toMatchObject({ key: 'PARAM_OUT_OF_RANGE' });
    expect(await set('loan_amount_min', '40000000')).toMatchObject({ key: 'PARAM_MIN_ABOVE_MAX' });
    expect(await set('loan_repayment_methods', 'maturity,weekly')).toMatchObject({
      key: 'PARAM_VALUE_INVALID',
    });
    expect(await set('order_return_days', ' 14 ')).toMatchObject({
      code: 0,
      data: { value: '14', overridden: true },
    });
    expect((await call(t, 'GET', '/api/get/params', { code: 'order_return_days' })).data).toEqual({
      order_return_days: '14',
    });
    const log = await call(t, 'GET', '/api/admin/audit/list', { action: 'param.set' }, as(admin));
    expect(log.data.pageList[0]).toMatchObject({ targetId: 'order_return_days', after: { value: '14' } });
    const actions = await call(t, 'GET', '/api/admin/audit/actions', {}, as(admin));
    expect(actions.data).toEqual(expect.arrayContaining(['param.set', 'brand.update', 'role.create']));
    expect(
      await call(t, 'GET', '/api/admin/audit/list', { from: '2030-01-02', to: '2030-01-01' }, as(admin)),
    ).toMatchObject({ key: 'DATE_RANGE_INVALID' });
  });

  it('sorts the staff list by name or last sign-in, either way, paging without repeats', async () => {
    // Signed up (and so last signed in) in the order b, a, c: names and sign-ins disagree.
    const staff: Registered[] = [];
    for (const name of ['sortstaffb', 'sortstaffa', 'sortstaffc']) {
      const user = await register(t, { username: name });
      await grantRoles(t, user.userId, ['agent']);
      staff.push(user);
      t.clock.advance(60_000);
    }
    const [bob, ann, cid] = staff.map((u) => u.userId);
    const ids = async (payload: Record<string, unknown>) => {
      const res = await call(
        t,
        'GET',
        '/api/admin/user/list',
        { staff: 1, keyword: 'sortstaff', ...payload },
        as(admin),
      );
      expect(res.code, JSON.stringify(res)).toBe(0);
      return res.data.pageList.map((r: { id: string }) => r.id);
    };
    expect(await ids({ sort: 'username', order: 'asc' })).toEqual([ann, bob, cid]);
    expect(await ids({ sort: 'username', order: 'desc' })).toEqual([cid, bob, ann]);
    expect(await ids({ sort: 'lastLoginTime', order: 'desc' })).toEqual([cid, ann, bob]);
    expect(await ids({ sort: 'lastLoginTime', order: 'asc' })).toEqual([bob, ann, cid]);
    for (const order of ['asc', 'desc']) {
      const seen: string[] = [];
      for (let pageNum = 1; pageNum <= 3; pageNum++)
        seen.push(...(await ids({ sort: 'username', order, pageNum, pageSize: 1 })));
      expect(seen).toEqual(order === 'asc' ? [ann, bob, cid] : [cid, bob, ann]);
    }
    expect(
      await call(t, 'GET', '/api/admin/user/list', { staff: 1, sort: 'roles' }, as(admin)),
    ).toMatchObject({ key: 'PARAMETER_ERROR' });
  });

  it('sorts the audit log by time, action or target, either way; an unknown key is refused', async () => {
    const actorId = `sorter-${dialect}`;
    const write = async (action: string, targetType: string, targetId: string) => {
      await t.services.audit.record(null, { brand: 'novamart', actorId, action, targetType, targetId });
      t.clock.advance(1_000);
    };
    // Time order: first, second, third, fourth; actions and targets in other orders.
    await write('test.beta', 'user', 'U2');
    await write('test.alpha', 'user', 'U1');
    await write('test.gamma', 'order', 'O9');
    await write('test.alpha', 'order', 'O1');
    const seen = async (payload: Record<string, unknown>) => {
      const res = await call(t, 'GET', '/api/admin/audit/list', { actorId, ...payload }, as(admin));
      expect(res.code, JSON.stringify(res)).toBe(0);
      return res.data.pageList.map((e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`);
    };
    const byTime = ['test.alpha O1', 'test.gamma O9', 'test.alpha U1', 'test.beta U2'];
    expect(await seen({})).toEqual(byTime);
    expect(await seen({ sort: 'time', order: 'desc' })).toEqual(byTime);
    expect(await seen({ sort: 'time', order: 'asc' })).toEqual([...byTime].reverse());
    // Equal actions: newest first when descending, oldest first when ascending.
    expect(await seen({ sort: 'action', order: 'asc' })).toEqual([
      'test.alpha U1',
      'test.alpha O1',
      'test.beta U2',
      'test.gamma O9',
    ]);
    expect(await seen({ sort: 'action', order: 'desc' })).toEqual([
      'test.gamma O9',
      'test.beta U2',
      'test.alpha O1',
      'test.alpha U1',
    ]);
    // By target type, then target id.
    expect(await seen({ sort: 'target', order: 'asc' })).toEqual([
      'test.alpha O1',
      'test.gamma O9',
      'test.alpha U1',
      'test.beta U2',
    ]);
    expect(await seen({ sort: 'target', order: 'desc' })).toEqual([
      'test.beta U2',
      'test.alpha U1',
      'test.gamma O9',
      'test.alpha O1',
    ]);
    for (const order of ['asc', 'desc']) {
      const pages: string[] = [];
      for (let pageNum = 1; pageNum <= 4; pageNum++)
        pages.push(...(await seen({ sort: 'action', order, pageNum, pageSize: 1 })));
      expect(pages).toEqual(await seen({ sort: 'action', order }));
    }
    for (const bad of [{ sort: 'actor' }, { sort: 'createTime' }, { order: 'up' }]) {
      expect(await call(t, 'GET', '/api/admin/audit/list', bad, as(admin))).toMatchObject({
        key: 'PARAMETER_ERROR',
      });
    }
  });
});
