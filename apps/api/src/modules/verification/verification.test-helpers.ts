/** Tests' way to a verified user: the real API path (submit with photos, a risk operator approves). */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { call, type Registered } from '../accounts/accounts.test-helpers.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';

async function approvePending(t: TestApp, user: Registered, risk: Registered, kind: 'realname' | 'c3') {
  const list = await call(
    t,
    'POST',
    '/api/admin/identity/list',
    { status: 'pending', kind, pageSize: 100 },
    {
      token: risk.token,
    },
  );
  const application = list.data.pageList.find((a: { userId: string }) => a.userId === user.userId);
  expect(application, `${kind} application of ${user.username}`).toBeDefined();
  const reviewed = await call(
    t,
    'POST',
    '/api/admin/identity/review',
    { id: application.id, approve: true },
    {
      token: risk.token,
    },
  );
  expect(reviewed.code, JSON.stringify(reviewed)).toBe(0);
}

/** Submits and approves the real name (`realName`), then C3 too when `level` is 'c3'. */
export async function verifyIdentity(
  t: TestApp,
  user: Registered,
  risk: Registered,
  level: 'realname' | 'c3',
  realName = 'Li Wei',
): Promise<void> {
  const photo = async () => (await uploadImage(t, user.token, 'verification', PNG)).data.data as string;
  const status = await call(t, 'GET', '/api/identity/realname/status', {}, { token: user.token });
  if (status.data?.status !== 'approved') {
    const submitted = await call(
      t,
      'POST',
      '/api/identity/realname/submit',
      {
        realName,
        idNumber: 'E12345678',
        nationality: 'China',
        frontImg: await photo(),
        backImg: await photo(),
      },
      { token: user.token },
    );
    expect(submitted.code, JSON.stringify(submitted)).toBe(0);
    await approvePending(t, user, risk, 'realname');
  }
  if (level === 'c3') {
    const submitted = await call(
      t,
      'POST',
      '/api/identity/c3/submit',
      { frontImg: await photo(), backImg: await photo(), handheldImg: await photo() },
      { token: user.token },
    );
    expect(submitted.code, JSON.stringify(submitted)).toBe(0);
    await approvePending(t, user, risk, 'c3');
  }
}
