/**
 * The chat socket on a really listening app: pushes within a second, garbage closes the socket
 * (the server carries on), dead sockets are dropped, and a client that loses its socket while
 * messages are sent fills the gap by seq after reconnecting: nothing lost, nothing twice.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
type Frame = any;

interface Client {
  ws: WebSocket;
  frames: Frame[];
  /** The next frame of this type (already received or arriving within `ms`). */
  next(type: string, ms?: number): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(url: string, host = 'novamart.localhost'): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { host } });
    const frames: Frame[] = [];
    const waiters: { type: string; resolve: (f: Frame) => void }[] = [];
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      frames.push(f);
      const i = waiters.findIndex((w) => w.type === f.type);
      if (i >= 0) {
        const [w] = waiters.splice(i, 1);
        frames.splice(frames.indexOf(f), 1);
        w?.resolve(f);
      }
    });
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.on('close', (code, reason) => r({ code, reason: String(reason) })),
    );
    ws.on('error', () => undefined);
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        closed,
        // Generous: frames come within milliseconds, but a loaded CI machine can stall for a second.
        next(type, ms = 5000) {
          const i = frames.findIndex((f) => f.type === type);
          if (i >= 0) {
            return Promise.resolve(frames.splice(i, 1)[0]);
          }
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no ${type} frame within ${ms} ms`)), ms);
            waiters.push({
              type,
              resolve: (f) => {
                clearTimeout(timer);
                res(f);
              },
            });
          });
        },
      }),
    );
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
  });
}

describeEachDialect('chat socket', (dialect) => {
  let t: TestApp;
  let url: string;
  let buyer: Registered;
  let agent: Registered;
  const open: WebSocket[] = [];
  const client = async (auth: Record<string, unknown>, host?: string) => {
    const c = await connect(url, host);
    open.push(c.ws);
    c.ws.send(JSON.stringify({ type: 'auth', ...auth }));
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    buyer = await register(t);
    agent = await register(t);
    await grantRoles(t, agent.userId, ['agent']);
  });
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await t.close();
  });

  it('pushes a message to the other side within a second, with unread counts', async () => {
    const a = await client({ token: agent.token, as: 'agent' });
    expect(await a.next('hello')).toMatchObject({ role: 'agent', online: true });
    const u = await client({ token: buyer.token });
    expect(await u.next('hello')).toMatchObject({ role: 'user', unread: 0, lastSeq: 0, online: true });

    const started = Date.now();
    await call(
      t,
      'POST',
      '/api/newOnlinechat!send.action',
      { content: 'Where is my parcel?' },
      { token: buyer.token },
    );
    const atAgent = await a.next('message');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(atAgent).toMatchObject({
      message: { seq: 1, send_receive: 'send', content: 'Where is my parcel?' },
      unread: 1,
    });
    // The sender's own socket hears it too (other tabs stay in step).
    expect(await u.next('message')).toMatchObject({ message: { seq: 1 }, unread: 0 });

    await call(
      t,
      'POST',
      '/api/admin/chat/reply',
      { conversationId: atAgent.conversationId, content: 'On its way' },
      { token: agent.token },
    );
    expect(await u.next('message')).toMatchObject({
      message: { seq: 2, send_receive: 'receive', content: 'On its way' },
      unread: 1,
    });
    // Read over the socket: the unread count drops and the owner's sockets are told.
    u.ws.send(JSON.stringify({ type: 'read', seq: 2 }));
    expect(await u.next('unread')).toMatchObject({ count: 0, lastSeq: 2 });
    u.ws.send(JSON.stringify({ type: 'ping', id: 7 }));
    expect(await u.next('pong')).toEqual({ type: 'pong', id: 7 });
  });

  it('serves visitors by their token, and only their own conversation', async () => {
    const token = randomBytes(24).toString('base64url');
    const v = await client({ visitor: token });
    expect(await v.next('hello')).toMatchObject({ role: 'visitor', unread: 0, lastSeq: 0 });
    const other = await client({ visitor: randomBytes(24).toString('base64url') });
    await other.next('hello');
    await call(t, 'POST', '/api/newOnlinechat!send.action', { visitorToken: token, content: 'hi' });
    expect(await v.next('message')).toMatchObject({ message: { content: 'hi', seq: 1 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(other.frames.filter((f) => f.type === 'message')).toEqual([]);
  });

  it('closes sockets that send garbage, and the server carries on', async () => {
    const notJson = await client({ token: buyer.token });
    await notJson.next('hello');
    notJson.ws.send('{not json');
    expect((await notJson.closed).code).toBe(4400);

    const binary = await client({ token: buyer.token });
    await binary.next('hello');
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1003);

    const big = await client({ token: buyer.token });
    await big.next('hello');
    big.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(64 * 1024) }));
    expect((await big.closed).code).toBe(1009);

    const unknown = await client({ token: buyer.token });
    await unknown.next('hello');
    unknown.ws.send(JSON.stringify({ type: 'shutdown' }));
    expect((await unknown.closed).code).toBe(4400);

    const noAuth = await connect(url);
    open.push(noAuth.ws);
    noAuth.ws.send(JSON.stringify({ type: 'read', seq: 1 }));
    expect((await noAuth.closed).code).toBe(4401);

    await expect((await client({ token: 'not-a-session' })).closed).resolves.toMatchObject({ code: 4401 });
    const notAgent = await client({ token: buyer.token, as: 'agent' });
    expect((await notAgent.closed).code).toBe(4401);

    // Still serving.
    const fine = await client({ token: buyer.token });
    expect(await fine.next('hello')).toMatchObject({ role: 'user' });
    expect((await call(t, 'GET', '/api/newOnlinechat!unread.action', {}, { token: buyer.token })).code).toBe(
      0,
    );
    // Any other upgrade path is refused.
    await expect(connect(url.replace('/ws', '/socket'))).rejects.toThrow(/404/);
  });

  it("tells a buyer's window when an agent of the brand comes online and goes", async () => {
    // A brand of its own: the other tests' agents are online on novamart.
    const host = 'harborline.localhost';
    const u = await register(t, {}, { host });
    const agentHere = await register(t, {}, { host });
    await grantRoles(t, agentHere.userId, ['agent']);
    const sockets = t.services.chatSockets;
    const c = await client({ token: u.token }, host);
    expect(await c.next('hello')).toMatchObject({ role: 'user', online: false });
    sockets.tellPresence();
    const a = await client({ token: agentHere.token, as: 'agent' }, host);
    await a.next('hello');
    sockets.tellPresence();
    expect(await c.next('presence')).toEqual({ type: 'presence', online: true });
    // Told once per change, not on every sweep.
    sockets.tellPresence();
    a.ws.close();
    await a.closed;
    await new Promise((r) => setTimeout(r, 50));
    sockets.tellPresence();
    expect(await c.next('presence')).toEqual({ type: 'presence', online: false });
    expect(c.frames.filter((f) => f.type === 'presence')).toEqual([]);
  });

  it('drops sockets that stop answering pings, keeps those that answer', async () => {
    const u = await register(t);
    const alive = await client({ token: u.token });
    await alive.next('hello');
    const dead = await client({ token: u.token });
    await dead.next('hello');
    // A peer that has gone away without closing: it reads nothing, so it answers no ping.
    (dead.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const sockets = t.services.chatSockets;
    const before = sockets.counts.owners;
    const pinged = new Promise((r) => alive.ws.once('ping', r));
    for (let i = 0; i < 3; i++) sockets.sweep(); // pings
    await pinged;
    // The live client answered the server's ping on receipt. A ping of its own, answered, proves
    // that the server has read that answer: frames are read in order. No pause to guess at.
    const answered = new Promise((r) => alive.ws.once('pong', r));
    alive.ws.ping();
    await answered;
    for (let i = 0; i < 3; i++) sockets.sweep(); // the silent one is dropped
    await new Promise((r) => setTimeout(r, 100));
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    await call(t, 'POST', '/api/newOnlinechat!send.action', { content: 'still there?' }, { token: u.token });
    expect(await alive.next('message')).toMatchObject({ message: { content: 'still there?' } });
    expect(sockets.counts.owners).toBe(before - 1);
  });

  it('ends sockets whose session ended or whose agent role was taken away', async () => {
    const u = await register(t);
    const user = await client({ token: u.token });
    await user.next('hello');
    const a = await register(t);
    await grantRoles(t, a.userId, ['agent']);
    const ag = await client({ token: a.token, as: 'agent' });
    await ag.next('hello');
    const keeps = await client({ token: buyer.token });
    await keeps.next('hello');
    expect((await call(t, 'GET', '/api/user!logout.action', {}, { token: u.token })).code).toBe(0);
    await grantRoles(t, a.userId, ['buyer']);
    await t.services.chatSockets.reauthenticate();
    expect((await user.closed).code).toBe(4401);
    expect((await ag.closed).code).toBe(4401);
    expect(keeps.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('loses and repeats nothing across a reconnect: the client fills the gap by seq', async () => {
    const u = await register(t);
    await call(t, 'POST', '/api/newOnlinechat!send.action', { content: 'start' }, { token: u.token });
    const conversation = await t.db.kysely
      .selectFrom('chat_conversations')
      .select('id')
      .where('owner_key', '=', `u:${u.userId}`)
      .executeTakeFirstOrThrow();

    // What the storefront does: keep messages by seq; on every hello, fetch what is after the last.
    const seen = new Map<number, string>();
    const duplicates: number[] = [];
    const keep = (m: { seq: number; content: string }) => {
      if (seen.has(m.seq)) duplicates.push(m.seq);
      seen.set(m.seq, m.content);
    };
    const lastSeq = () => Math.max(0, ...seen.keys());
    const fill = async () => {
      const after = lastSeq();
      const reply = await call(
        t,
        'POST',
        '/api/newOnlinechat!list.action',
        { afterSeq: after },
        { token: u.token },
      );
      for (const m of reply.data) if (m.seq > lastSeq()) keep(m);
    };
    const attach = async () => {
      const c = await client({ token: u.token });
      c.ws.on('message', (data) => {
        const f = JSON.parse(String(data));
        if (f.type === 'message' && f.message.seq === lastSeq() + 1) keep(f.message);
        else if (f.type === 'message' && f.message.seq > lastSeq()) void fill();
      });
      const hello = await c.next('hello');
      if (hello.lastSeq > lastSeq()) await fill();
      return c;
    };

    let c = await attach();
    const total = 60;
    const sending = (async () => {
      for (let i = 1; i <= total; i++) {
        await call(
          t,
          'POST',
          '/api/admin/chat/reply',
          { conversationId: conversation.id, content: `m${i}` },
          { token: agent.token },
        );
        if (i % 5 === 0) await new Promise((r) => setTimeout(r, 5));
      }
    })();
    // Cut the socket twice while replies are being sent; reconnect after a pause.
    for (let cut = 0; cut < 2; cut++) {
      await new Promise((r) => setTimeout(r, 40));
      c.ws.terminate();
      await new Promise((r) => setTimeout(r, 60));
      c = await attach();
    }
    await sending;
    for (let i = 0; i < 250 && lastSeq() < total + 1; i++) await new Promise((r) => setTimeout(r, 20));
    await fill();
    expect(duplicates).toEqual([]);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: total + 1 }, (_, i) => i + 1),
    );
    expect(seen.get(total + 1)).toBe(`m${total}`);
  });
});
