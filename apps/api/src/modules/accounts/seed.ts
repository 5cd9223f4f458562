/**
 * Demo accounts, created at start when missing (DEMO_ACCOUNTS=false turns this off): one per
 * staff role, a seller and a buyer in every brand, all with the password below (docs/operations.md).
 * Printed once, when they are first created.
 */
import { BRANDS, type Role } from '@mall/contract';
import type { AccountsService } from './accounts.service.ts';

export const DEMO_PASSWORD = 'Demo#2026';
export const DEMO_FUND_PASSWORD = '246810';

export const DEMO_ACCOUNTS: { username: string; roles: Role[] }[] = [
  { username: 'demoadmin', roles: ['admin'] },
  { username: 'demofinance', roles: ['finance'] },
  { username: 'demorisk', roles: ['risk'] },
  { username: 'demoagent', roles: ['agent'] },
  { username: 'demoseller', roles: ['buyer', 'seller'] },
  { username: 'demobuyer', roles: ['buyer'] },
];

/** Creates the missing demo accounts; answers the lines to print (empty when all existed). */
export async function seedDemoAccounts(accounts: AccountsService): Promise<string[]> {
  // One hash for all: the demo password is public anyway, and 120 hashes would slow the start.
  const passwordHash = await accounts.hashPassword(DEMO_PASSWORD);
  const fundPasswordHash = accounts.hashFundPassword(DEMO_FUND_PASSWORD);
  const created: string[] = [];
  for (const brand of BRANDS) {
    for (const demo of DEMO_ACCOUNTS) {
      const id = await accounts.createAccount({
        brand,
        username: demo.username,
        email: `${demo.username}@${brand.key}.example`,
        passwordHash,
        roles: demo.roles,
        fundPasswordHash: demo.roles.includes('buyer') ? fundPasswordHash : null,
      });
      if (id && brand === BRANDS[0]) created.push(`${demo.username} (${demo.roles.join(', ')})`);
    }
  }
  if (created.length === 0) return [];
  return [
    `demo accounts created in every brand, password ${DEMO_PASSWORD} (fund password ${DEMO_FUND_PASSWORD} for buyers):`,
    ...created.map((c) => `  ${c}`),
    'set DEMO_ACCOUNTS=false to start without them; see docs/operations.md',
  ];
}
