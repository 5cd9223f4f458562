/**
 * Chain rails in the browser (issue 29), against the real server and a local Ganache node: the
 * recharge page shows the buyer's own address, its QR code and network, the manual networks stay
 * labelled with the proof upload; a deposit appears as "confirming n/N" and is credited after N;
 * finance sees the payout's status, hash and explorer link, and the second approval.
 * Screenshots in English and Arabic at 1440 and 360 px.
 */
import type { Browser } from 'playwright-core';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../apps/api/src/flows/chain/chain.test-node.ts';
import {
  launchBrowser,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';
import { consolePage, ok, signIn, storefrontPage } from './journeys.ts';

const N = 3;

describe('chain rails pages', () => {
  let node: TestNode;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    node = await startTestNode();
    server = await startServer(
      {
        CHAIN_EVM_RPC_URL: node.url,
        CHAIN_EVM_XPUB: node.xpub,
        CHAIN_EVM_TOKENS: `USDT:${node.token}:6`,
        CHAIN_EVM_CONFIRMATIONS: String(N),
        CHAIN_EVM_HOT_WALLET_KEY: node.hotWalletKey,
      },
      { copyWeb: true },
    );
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await node?.close();
  });

  /** Mines until the server's watcher (every 5 s) has seen the head. */
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 60; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('timed out waiting for the watcher');
  };

  it('shows the own address and QR, confirming n/N, then the credit; manual networks labelled', async () => {
    const buyer = await signIn(server, 'demobuyer');
    const own = ok(await buyer.api('/api/chain/deposit/address', { channel: 'USDT-ERC20' }));
    await node.pay(node.accounts[2] as HDAccount, own.address, 25_000_000n);
    await node.mine();
    const records = async () =>
      ok(await buyer.api('/api/rechargeBlockchain/list', { pageNum: 1, pageSize: 5 })).pageList;
    await waitFor(async () =>
      (await records()).some((r: { confirmations?: number }) => r.confirmations === 1),
    );

    for (const lang of ['en', 'ar']) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await storefrontPage(browser, buyer, viewport);
        await page.goto(server.url(`/userInfo/money-package/recharge?method=chain&lang=${lang}`));
        const network = page.locator('.wallet-form select').first();
        await network.waitFor();
        await network.selectOption('USDT-ERC20');
        await page.getByTestId('own-deposit-address').waitFor();
        expect((await page.getByTestId('own-deposit-address').textContent())?.toLowerCase()).toBe(
          own.address.toLowerCase(),
        );
        await page.locator('.wallet-record-confirming').first().waitFor();
        expect(await page.locator('.wallet-record-confirming').first().textContent()).toMatch(/1\/3/);
        await page.locator('svg[role="img"], .wallet-address-box svg').first().waitFor();
        expect(await noHorizontalOverflow(page)).toBe(true);
        await screenshot(page, `chain/recharge-watched-${lang}-${viewport === 'desktop' ? 1440 : 360}`);
        // TRC-20: manual, with the proof upload.
        await network.selectOption('USDT-TRC20');
        await page.locator('.wallet-rail-badge.is-manual').waitFor();
        await screenshot(page, `chain/recharge-manual-${lang}-${viewport === 'desktop' ? 1440 : 360}`);
        await context.close();
      }
    }

    await node.mine(N - 1);
    await waitFor(async () => (await records())[0]?.status === 'success');
    expect((await records())[0]).toMatchObject({ status: 'success', actualAmount: '25' });
  }, 180_000);

  it('lets finance approve twice above the threshold, and shows the hash with its explorer link', async () => {
    const buyer = await signIn(server, 'demobuyer');
    const payee = (node.accounts[7] as HDAccount).address;
    // The buyer's deposit above (25 USDT) and 2,000 more, for a withdrawal above the 1,000 threshold.
    const own = ok(await buyer.api('/api/chain/deposit/address', { channel: 'USDT-ERC20' }));
    await node.pay(node.accounts[2] as HDAccount, own.address, 2_000_000_000n);
    await node.mine(N);
    await waitFor(async () => Number(ok(await buyer.api('/api/wallet/usdt')).balance) >= 2000);
    const bound = await buyer.api('/api/user!bindWithdrawAddress.action', {
      network: 'ERC20',
      address: payee,
      fundPassword: '246810',
    });
    expect([0, 5114].includes(bound.code) || bound.key === 'WITHDRAW_ADDRESS_ALREADY_BOUND').toBe(true);
    const { token } = ok(await buyer.api('/api/withdraw!get.action'));
    const w = ok(
      await buyer.api('/api/withdraw/apply', {
        token,
        channel: 'USDT-ERC20',
        amount: '1500',
        fundPassword: '246810',
      }),
    );
    const finance = await signIn(server, 'demofinance');
    const admin = await signIn(server, 'demoadmin');
    expect(ok(await finance.api('/api/admin/wallet/withdraw/approve', { id: w.id }))).toMatchObject({
      approvals: 1,
      approvalsNeeded: 2,
    });

    // Waiting for the second approval, in both languages.
    for (const lang of ['en', 'ar']) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await consolePage(
          browser,
          { token: admin.token, user: admin.me },
          lang,
          viewport,
        );
        await page.goto(server.url('/console/finance/withdrawals'), { waitUntil: 'networkidle' });
        await page.locator('h2').first().waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, `chain/console-approval-${lang}-${viewport === 'desktop' ? 1440 : 360}`);
        await context.close();
      }
    }
    expect(ok(await admin.api('/api/admin/wallet/withdraw/approve', { id: w.id }))).toMatchObject({
      approvals: 2,
      status: 'queued',
    });
    const view = async () => ok(await finance.api('/api/admin/wallet/withdraw/payouts', { ids: w.id }))[0];
    await waitFor(async () => (await view()).status === 'broadcast');
    const sent = await view();
    expect(sent.explorerUrl).toBe(`https://etherscan.io/tx/${sent.txHash}`);
    // Sent and confirming: still among the processing withdrawals, with its hash and explorer link.
    for (const lang of ['en', 'ar']) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await consolePage(
          browser,
          { token: finance.token, user: finance.me },
          lang,
          viewport,
        );
        await page.goto(server.url('/console/finance/withdrawals'), { waitUntil: 'networkidle' });
        await page.locator(`a[href="${sent.explorerUrl}"]`).first().waitFor();
        await screenshot(page, `chain/console-sent-${lang}-${viewport === 'desktop' ? 1440 : 360}`);
        await context.close();
      }
    }
    await node.mine(N);
    await waitFor(async () => (await view()).status === 'confirmed');
    expect(ok(await buyer.api('/api/withdraw/list', { pageNum: 1, pageSize: 1 })).pageList[0]).toMatchObject({
      status: 'success',
      txHash: sent.txHash,
    });
  }, 180_000);
});
