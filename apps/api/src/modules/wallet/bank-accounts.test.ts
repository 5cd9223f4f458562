/**
 * Bank-card deposits that can be made (issue 26): finance configures the brand's receiving
 * accounts (bad numbers, IBAN check digits and SWIFT codes refused with their catalogue error,
 * nothing written); the user sees the enabled ones and their deposit reference; finance's queue
 * shows each record's user and reference, and finds the user's records by the reference.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { ibanValid } from './bank-accounts.ts';

describeEachDialect('bank receiving accounts', (dialect) => {
  let t: TestApp;
  let finance: Registered;
  let buyer: Registered;
  const post = (url: string, payload: Record<string, unknown>, user: Registered, host?: string) =>
    call(t, 'POST', url, payload, { token: user.token, ...(host ? { host } : {}) });
  const account = {
    bankName: 'Emirates NBD',
    accountName: 'NovaMart Trading LLC',
    accountNumber: 'AE07 0331 2345 6789 0123 456',
    swift: 'ebil aead',
    currency: 'aed',
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = await register(t);
    await grantRoles(t, finance.userId, ['finance']);
    buyer = await register(t);
  });
  afterAll(() => t.close());

  it('checks IBANs by their check digits', () => {
    expect(ibanValid('AE070331234567890123456')).toBe(true);
    expect(ibanValid('AE080331234567890123456')).toBe(false);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
  });

  it('is configured by finance, refusing bad input with its reason', async () => {
    for (const [patch, key] of [
      [{ accountNumber: 'AE08 0331 2345 6789 0123 456' }, 'BANK_ACCOUNT_NUMBER_FORMAT'],
      [{ accountNumber: '12ab' }, 'BANK_ACCOUNT_NUMBER_FORMAT'],
      [{ swift: 'EBI' }, 'SWIFT_FORMAT'],
      [{ currency: 'dollars' }, 'PARAMETER_ERROR'],
      [{ bankName: '' }, 'MISSING_PARAMETER'],
    ] as const) {
      expect(
        (await post('/api/admin/wallet/bank-accounts/save', { ...account, ...patch }, finance)).key,
      ).toBe(key);
    }
    expect((await post('/api/admin/wallet/bank-accounts/list', {}, finance)).data).toEqual([]);
    expect((await post('/api/admin/wallet/bank-accounts/save', account, buyer)).code).not.toBe(0);
    const saved = (await post('/api/admin/wallet/bank-accounts/save', account, finance)).data;
    expect(saved).toMatchObject({
      accountNumber: 'AE070331234567890123456',
      swift: 'EBILAEAD',
      currency: 'AED',
      enabled: true,
    });
    const hidden = await post(
      '/api/admin/wallet/bank-accounts/save',
      { ...account, accountNumber: '0012345678', enabled: false },
      finance,
    );
    expect(hidden.code).toBe(0);
    const mine = (await post('/api/bankRecharge/accounts', {}, buyer)).data;
    expect(mine.accounts).toEqual([saved]);
    expect(mine.reference).toMatch(/^D-[0-9A-Za-z]+$/);
    // Another brand's finance neither sees nor changes them.
    const other = await register(t, {}, { host: 'lumen.localhost' });
    await grantRoles(t, other.userId, ['finance']);
    expect((await post('/api/admin/wallet/bank-accounts/list', {}, other, 'lumen.localhost')).data).toEqual(
      [],
    );
    expect(
      (await post('/api/admin/wallet/bank-accounts/delete', { id: saved.id }, other, 'lumen.localhost')).key,
    ).toBe('BANK_ACCOUNT_NOT_FOUND');
    expect((await post('/api/admin/wallet/bank-accounts/delete', { id: hidden.data.id }, finance)).code).toBe(
      0,
    );
    expect((await post('/api/admin/wallet/bank-accounts/list', {}, finance)).data).toHaveLength(1);
  });

  it("shows the user and reference in finance's queue and finds records by the reference", async () => {
    const { reference } = (await post('/api/bankRecharge/accounts', {}, buyer)).data;
    const list = (keyword: string) => post('/api/admin/wallet/recharge/list', { keyword }, finance);
    const proof = (await uploadImage(t, buyer.token, 'proof', PNG)).data.data as string;
    const claim = await post(
      '/api/rechargeBank/recharge',
      { amount: '50', bankName: 'Harbor Bank', cardNumber: '4111 1111 1111 1111', proof },
      buyer,
    );
    expect(claim.code, JSON.stringify(claim)).toBe(0);
    const other = await register(t);
    const otherProof = (await uploadImage(t, other.token, 'proof', PNG)).data.data as string;
    await post(
      '/api/rechargeBank/recharge',
      { amount: '60', bankName: 'Harbor Bank', cardNumber: '4111 1111 1111 1111', proof: otherProof },
      other,
    );
    const found = (await list(reference)).data;
    expect(found.pageInfo.total).toBe(1);
    expect(found.pageList[0]).toMatchObject({
      id: claim.data.id,
      userId: buyer.userId,
      reference,
      user: { username: buyer.username, usercode: buyer.usercode },
    });
    // Lower case and without the dash find the same.
    expect((await list(reference.replace('D-', 'd'))).data.pageInfo.total).toBe(1);
    expect((await list('')).data.pageInfo.total).toBe(2);
    const withdrawals = await post('/api/admin/wallet/withdraw/list', {}, finance);
    expect(withdrawals.code).toBe(0);
  });
});
