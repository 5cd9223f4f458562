/**
 * Test helpers for account flows: solving the slide puzzle by reading its answer from the
 * database (as no client can), registering, signing in, and reading codes from the outbox.
 */
import type { TestApp } from '../../test/harness.ts';

let ipCounter = 1;
/** A fresh client address per call, so per-IP rate limits stay out of tests that do not test them. */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  token?: string | undefined;
  host?: string;
  ip?: string;
  lang?: string;
}

export async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field in tests
): Promise<any> {
  const headers: Record<string, string> = { host: options.host ?? 'novamart.localhost' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const lang = options.lang ?? 'en';
  const query =
    method === 'GET'
      ? `?${new URLSearchParams({ lang, ...Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) })}`
      : `?lang=${lang}`;
  const res = await t.app.inject({
    method,
    url: `${url}${query}`,
    headers,
    remoteAddress: options.ip ?? nextIp(),
    ...(method === 'POST' ? { payload } : {}),
  });
  return res.json();
}

/** Gets a slide challenge, reads its answer from the database and solves it like a hand would. */
export async function solveSlide(t: TestApp, host = 'novamart.localhost'): Promise<string> {
  const challenge = await call(t, 'GET', '/api/slide/challenge', {}, { host });
  const row = await t.db.kysely
    .selectFrom('slide_challenges')
    .select('target_x')
    .where('id', '=', challenge.data.id)
    .executeTakeFirstOrThrow();
  const x = Number(row.target_x);
  const trail = [
    [0, 0],
    [x * 0.3, 80],
    [x * 0.7, 160],
    [x * 0.95, 260],
    [x, 340],
  ];
  const verified = await call(t, 'POST', '/api/slide/verify', { id: challenge.data.id, x, trail }, { host });
  if (verified.code !== 0) throw new Error(`slide failed: ${JSON.stringify(verified)}`);
  return verified.data.token as string;
}

let serial = 0;
export function uniquePhone(): string {
  serial++;
  return `138${String(Date.now() % 100000).padStart(5, '0')}${String(serial).padStart(3, '0')}`;
}
export function uniqueEmail(): string {
  serial++;
  return `buyer${Date.now().toString(36)}${serial}@shop.com`;
}

export interface Registered {
  token: string;
  userId: string;
  email: string | undefined;
  phone: string | undefined;
  password: string;
  usercode: string;
  username: string;
}

export async function register(
  t: TestApp,
  extra: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Registered> {
  const slideToken = await solveSlide(t, options.host);
  const email = uniqueEmail();
  const payload: Record<string, unknown> = {
    type: 'email',
    email,
    password: 'secret12',
    rePassword: 'secret12',
    agree: '1',
    slideToken,
    ...extra,
  };
  const reply = await call(t, 'GET', '/api/registerNoVerifyCode', payload, options);
  if (reply.code !== 0) throw new Error(`register failed: ${JSON.stringify(reply)}`);
  return {
    token: reply.data.token,
    userId: reply.data.user.id,
    email: payload.type === 'email' ? (payload.email as string) : undefined,
    phone: payload.type === 'phone' ? (payload.phone as string) : undefined,
    password: payload.password as string,
    usercode: reply.data.user.usercode,
    username: reply.data.user.username,
  };
}

/** The 6-digit code in the newest outbox message to `to`. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [message] = await t.services.outbox.latestFor(to, 1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

export async function countRows(
  t: TestApp,
  table: 'users' | 'addresses' | 'identity_verifications' | 'audit_log',
) {
  const row = await t.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Makes a staff member by giving an existing account roles directly. */
export async function grantRoles(t: TestApp, userId: string, roles: string[]): Promise<void> {
  await t.db.kysely.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  for (const role of roles) {
    await t.db.kysely.insertInto('user_roles').values({ user_id: userId, role, created_at: 0 }).execute();
  }
  // Written behind the service's back: drop its short-lived copy as the service itself does.
  await t.services.accounts.forget(userId);
}
