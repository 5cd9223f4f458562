/** The console's sections: who sees what. Every call checks the role again on the server. */
import type { Role } from '@mall/contract';

export interface NavItem {
  path: string;
  labelKey: string;
  roles: readonly Role[];
}

export interface NavGroup {
  labelKey: string;
  items: NavItem[];
}

const FINANCE: readonly Role[] = ['finance', 'admin'];
const RISK: readonly Role[] = ['risk', 'admin'];
const SELLER: readonly Role[] = ['seller'];
const AGENT: readonly Role[] = ['agent'];
const ADMIN: readonly Role[] = ['admin'];

export const NAV: NavGroup[] = [
  {
    labelKey: 'nav.finance',
    items: [
      { path: '/finance/recharges', labelKey: 'nav.recharges', roles: FINANCE },
      { path: '/finance/withdrawals', labelKey: 'nav.withdrawals', roles: FINANCE },
      { path: '/finance/channels', labelKey: 'nav.channels', roles: FINANCE },
      { path: '/finance/ledger', labelKey: 'nav.ledger', roles: FINANCE },
    ],
  },
  {
    labelKey: 'nav.risk',
    items: [
      { path: '/risk/identity', labelKey: 'nav.identity', roles: RISK },
      { path: '/risk/loans', labelKey: 'nav.loans', roles: RISK },
    ],
  },
  {
    labelKey: 'nav.seller',
    items: [
      { path: '/seller/store', labelKey: 'nav.store', roles: SELLER },
      { path: '/seller/goods', labelKey: 'nav.goods', roles: SELLER },
      { path: '/seller/orders', labelKey: 'nav.orders', roles: SELLER },
      { path: '/seller/settlements', labelKey: 'nav.settlements', roles: SELLER },
      { path: '/seller/reviews', labelKey: 'nav.reviews', roles: SELLER },
    ],
  },
  { labelKey: 'nav.service', items: [{ path: '/agent/chat', labelKey: 'nav.chat', roles: AGENT }] },
  {
    labelKey: 'nav.admin',
    items: [
      { path: '/admin/users', labelKey: 'nav.users', roles: ADMIN },
      { path: '/admin/staff', labelKey: 'nav.staff', roles: ADMIN },
      { path: '/admin/orders', labelKey: 'nav.allOrders', roles: ADMIN },
      { path: '/admin/merchants', labelKey: 'nav.merchants', roles: ADMIN },
      { path: '/admin/brands', labelKey: 'nav.brands', roles: ADMIN },
      { path: '/admin/params', labelKey: 'nav.params', roles: ADMIN },
      { path: '/admin/audit', labelKey: 'nav.audit', roles: ADMIN },
      { path: '/admin/jobs', labelKey: 'nav.jobs', roles: ADMIN },
    ],
  },
];

export function allowedItems(roles: readonly Role[]): NavItem[] {
  return NAV.flatMap((g) => g.items).filter((i) => i.roles.some((r) => roles.includes(r)));
}
