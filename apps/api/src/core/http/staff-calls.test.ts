/**
 * Every staff call checks the role (issue 9): each `/api/admin/...` route is called, by every
 * method it answers, by a visitor and by a user holding each one role. A visitor is asked to log
 * in, a role outside the call's list is refused with NO_PERMISSION whatever it sends, and a role
 * in the list gets past the check. Who may call what is written out here, on purpose apart from
 * the routes, so a route that loses or widens its check fails this test; so does a new staff call
 * nobody listed.
 */
import { ROLES, type Role, STAFF_ROLES } from '@mall/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, grantRoles, type Registered, register } from '../../modules/accounts/accounts.test-helpers.ts';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { definedRoutes } from './route.ts';

const FINANCE: Role[] = ['finance', 'admin'];
const RISK_READ: Role[] = ['risk', 'admin'];
const ADMIN: Role[] = ['admin'];
const SELLER: Role[] = ['seller'];
const SELLER_OR_ADMIN: Role[] = ['seller', 'admin'];
const AGENT: Role[] = ['agent'];

/** Who may call each staff route. */
const POLICY: Record<string, readonly Role[]> = {
  // Finance: deposits, withdrawals, channels, hours, the ledger.
  '/api/admin/wallet/recharge/list': FINANCE,
  // issue 26 (wallet): statement, dust sweep, bank accounts, applicant profile
  '/api/admin/user/statement': STAFF_ROLES,
  '/api/admin/wallet/dust-sweep': FINANCE,
  '/api/admin/wallet/bank-accounts/list': FINANCE,
  '/api/admin/wallet/bank-accounts/save': FINANCE,
  '/api/admin/wallet/bank-accounts/delete': FINANCE,
  '/api/admin/loans/profile': RISK_READ,
  // issue 29 (chain): the second approval of a large withdrawal, payouts on the chain
  '/api/admin/wallet/withdraw/approve': FINANCE,
  '/api/admin/wallet/withdraw/payouts': FINANCE,
  // issue 30 (verification): the C3 review's context, the operators' flags
  '/api/admin/identity/context': RISK_READ,
  '/api/admin/user/verificationFlags': RISK_READ,
  '/api/admin/user/verificationFlag/raise': RISK_READ,
  '/api/admin/user/verificationFlag/lift': RISK_READ,
  '/api/admin/wallet/recharge/approve': FINANCE,
  '/api/admin/wallet/recharge/reject': FINANCE,
  '/api/admin/wallet/withdraw/list': FINANCE,
  '/api/admin/wallet/withdraw/paid': FINANCE,
  '/api/admin/wallet/withdraw/reject': FINANCE,
  '/api/admin/wallet/channels': FINANCE,
  '/api/admin/wallet/channel/update': FINANCE,
  '/api/admin/wallet/hours': FINANCE,
  '/api/admin/wallet/hours/update': FINANCE,
  '/api/admin/ledger/audit': FINANCE,
  '/api/admin/ledger/balances': FINANCE,
  // Risk: identity checks and loans; an admin may read, only risk decides.
  '/api/admin/identity/list': RISK_READ,
  '/api/admin/identity/review': ['risk'],
  '/api/admin/loans/list': RISK_READ,
  '/api/admin/loans/info': RISK_READ,
  '/api/admin/loans/approve': ['risk'],
  '/api/admin/loans/refuse': ['risk'],
  '/api/admin/user/businessLock': ['admin', 'risk'],
  // Any staff member looks users up (an agent beside a chat, finance beside a claim).
  '/api/admin/user/list': STAFF_ROLES,
  '/api/admin/user/info': STAFF_ROLES,
  '/api/admin/user/detail': STAFF_ROLES,
  // Admin: users, roles, brands, params, the audit log, merchant applications.
  '/api/admin/user/lock': ADMIN,
  '/api/admin/user/disable': ADMIN,
  '/api/admin/user/unlock': ADMIN,
  '/api/admin/user/roles': ADMIN,
  '/api/admin/role/list': ADMIN,
  '/api/admin/role/create': ADMIN,
  '/api/admin/role/update': ADMIN,
  '/api/admin/role/delete': ADMIN,
  '/api/admin/brand/list': ADMIN,
  '/api/admin/brand/info': ADMIN,
  '/api/admin/brand/update': ADMIN,
  '/api/admin/params/list': ADMIN,
  '/api/admin/params/set': ADMIN,
  '/api/admin/audit/list': ADMIN,
  '/api/admin/audit/actions': ADMIN,
  '/api/admin/jobs/failed': ADMIN,
  '/api/admin/jobs/retry': ADMIN,
  '/api/admin/merchants/list': ADMIN,
  '/api/admin/merchants/info': ADMIN,
  '/api/admin/merchants/approve': ADMIN,
  '/api/admin/merchants/refuse': ADMIN,
  '/api/admin/orders/refund/manual': ADMIN,
  // Sellers: their own store (the scope is tested per call in the seller and order tests).
  '/api/admin/seller/store': SELLER,
  '/api/admin/seller/store/update': SELLER,
  '/api/admin/seller/goods/list': SELLER,
  '/api/admin/seller/goods/info': SELLER,
  '/api/admin/seller/goods/create': SELLER,
  '/api/admin/seller/goods/update': SELLER,
  '/api/admin/seller/goods/stock': SELLER,
  '/api/admin/seller/goods/shelf': SELLER,
  '/api/admin/seller/goods/delete': SELLER,
  '/api/admin/seller/settlements': SELLER,
  '/api/admin/seller/reviews': SELLER,
  '/api/admin/orders/list': SELLER_OR_ADMIN,
  '/api/admin/orders/info': SELLER_OR_ADMIN,
  '/api/admin/orders/confirm': SELLER_OR_ADMIN,
  '/api/admin/orders/ship': SELLER_OR_ADMIN,
  '/api/admin/orders/logistics/add': SELLER_OR_ADMIN,
  '/api/admin/orders/refund/approve': SELLER_OR_ADMIN,
  '/api/admin/orders/refund/refuse': SELLER_OR_ADMIN,
  // Service agents: the chat.
  '/api/admin/chat/heartbeat': AGENT,
  '/api/admin/chat/offline': AGENT,
  '/api/admin/chat/inbox': AGENT,
  '/api/admin/chat/messages': AGENT,
  '/api/admin/chat/reply': AGENT,
  '/api/admin/chat/read': AGENT,
  '/api/admin/chat/close': AGENT,
  '/api/admin/chat/orders': AGENT,
};

describeEachDialect('staff calls check the role', (dialect) => {
  let t: TestApp;
  const holders = new Map<Role, Registered>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) {
      const user = await register(t);
      await grantRoles(t, user.userId, [role]);
      holders.set(role, user);
    }
  }, 60_000);
  afterAll(() => t.close());

  it('lists every staff call, and every call under /api/admin/ asks for a role', () => {
    const routes = definedRoutes(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const staff = routes.filter((r) => typeof r.auth === 'object' || r.url.startsWith('/api/admin/'));
    for (const r of staff) {
      expect(typeof r.auth, `${r.method} ${r.url}`).toBe('object');
      expect(POLICY[r.url], `${r.url} is missing from POLICY`).toBeDefined();
      const roles = typeof r.auth === 'object' ? [...r.auth.roles].sort() : [];
      expect(roles, r.url).toEqual([...(POLICY[r.url] ?? [])].sort());
    }
    expect(new Set(staff.map((r) => r.url))).toEqual(new Set(Object.keys(POLICY)));
  });

  it('asks a visitor to log in, refuses other roles whatever they send, lets the listed ones through', async () => {
    const staff = definedRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    const junk = { id: 'x', userId: 'x', orderId: 'x', conversationId: 'x', pageSize: 'lots' };
    for (const { method, url } of staff) {
      const allowed = POLICY[url] ?? [];
      for (const payload of [{}, junk]) {
        const anon = await call(t, method, url, payload);
        expect(anon, `visitor ${method} ${url}`).toMatchObject({ code: 403, key: 'NOT_LOGGED_IN' });
        for (const role of ROLES) {
          const reply = await call(t, method, url, payload, { token: holders.get(role)?.token });
          const label = `${role} ${method} ${url} ${JSON.stringify(payload)}`;
          if (allowed.includes(role)) {
            expect(reply.key ?? 'ok', label).not.toMatch(/^(NO_PERMISSION|NOT_LOGGED_IN)$/);
          } else {
            expect(reply, label).toMatchObject({ key: 'NO_PERMISSION' });
          }
        }
      }
    }
  }, 120_000);
});
