/**
 * Chat calls (issue 8): sending, listing, unread counts, visitors, assignment to the least busy
 * online agent, the agents' inbox, replies with images, closing, limits and who may read what.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/harness.ts';
import { call, grantRoles, type Registered, register } from '../accounts/accounts.test-helpers.ts';
import { PNG, uploadImage } from '../upload/upload.test-helpers.ts';
import { messageText } from './chat.service.ts';

const visitor = () => randomBytes(24).toString('base64url');
const LIST = '/api/newOnlinechat!list.action';
const SEND = '/api/newOnlinechat!send.action';
const UNREAD = '/api/newOnlinechat!unread.action';
const VISITOR_UNREAD = '/public/userOnlineChatController!unread.action';

describe('message text', () => {
  it('is URL-decoded, keeps line breaks and markup as typed, and refuses empty or long texts', () => {
    expect(messageText(encodeURIComponent('a\r\nb <b>c</b> 100%'))).toBe('a\nb <b>c</b> 100%');
    expect(messageText('100% sure')).toBe('100% sure');
    expect(() => messageText('  \n ')).toThrow(expect.objectContaining({ key: 'CHAT_MESSAGE_EMPTY' }));
    expect(() => messageText('x'.repeat(100 * 1024))).toThrow(
      expect.objectContaining({ key: 'CHAT_MESSAGE_TOO_LONG' }),
    );
    expect(messageText('\u0000a\u0007')).toBe('a');
  });
});

describeEachDialect('chat', (dialect) => {
  let t: TestApp;
  let buyer: Registered;
  let other: Registered;
  let agentA: Registered;
  let agentB: Registered;
  const messages = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const conversationOf = (userId: string) =>
    t.db.kysely
      .selectFrom('chat_conversations')
      .selectAll()
      .where('owner_key', '=', `u:${userId}`)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    buyer = await register(t);
    other = await register(t);
    agentA = await register(t);
    agentB = await register(t);
    await grantRoles(t, agentA.userId, ['agent']);
    await grantRoles(t, agentB.userId, ['agent']);
  });
  afterAll(() => t.close());

  it('lets a visitor talk with a token of their own, and nobody else read it', async () => {
    const me = visitor();
    expect(await call(t, 'GET', VISITOR_UNREAD, { visitorToken: me })).toMatchObject({
      code: 0,
      data: { count: 0, lastSeq: 0, online: false },
    });
    const sent = await call(t, 'POST', SEND, { visitorToken: me, type: 'text', content: 'hello%20there' });
    expect(sent).toMatchObject({
      code: 0,
      data: { seq: 1, send_receive: 'send', type: 'text', content: 'hello there' },
    });
    expect(sent.data.createtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const mine = await call(t, 'POST', LIST, { visitorToken: me });
    expect(mine.data.map((m: { content: string }) => m.content)).toEqual(['hello there']);
    // After a reload the same token finds the same conversation; another visitor finds nothing.
    expect((await call(t, 'GET', LIST, { visitorToken: me })).data).toHaveLength(1);
    expect((await call(t, 'POST', LIST, { visitorToken: visitor() })).data).toEqual([]);
    // Neither a session nor a visitor token: please log in. A malformed token: refused.
    expect(await call(t, 'POST', SEND, { type: 'text', content: 'x' })).toMatchObject({
      key: 'NOT_LOGGED_IN',
    });
    expect(await call(t, 'POST', SEND, { visitorToken: 'short', content: 'x' })).toMatchObject({
      key: 'CHAT_VISITOR_INVALID',
    });
    // Pictures need an account (uploads are per user).
    expect(
      await call(t, 'POST', SEND, { visitorToken: me, type: 'img', content: '/uploads/x.png' }),
    ).toMatchObject({
      key: 'CHAT_LOGIN_FOR_IMAGES',
    });
  });

  it('stores HTML and script as plain text and refuses 100 KB, writing nothing', async () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)>\nline two';
    const sent = await call(
      t,
      'POST',
      SEND,
      { type: 'text', content: encodeURIComponent(html) },
      { token: buyer.token },
    );
    expect(sent.data.content).toBe(html);
    const listed = await call(t, 'POST', LIST, {}, { token: buyer.token });
    expect(listed.data.at(-1).content).toBe(html);
    const before = await messages();
    const long = await call(
      t,
      'POST',
      SEND,
      { type: 'text', content: 'x'.repeat(100 * 1024) },
      { token: buyer.token },
    );
    expect(long).toMatchObject({ code: 6002, key: 'CHAT_MESSAGE_TOO_LONG' });
    expect(
      await call(t, 'POST', SEND, { type: 'text', content: '   ' }, { token: buyer.token }),
    ).toMatchObject({
      key: 'CHAT_MESSAGE_EMPTY',
    });
    expect(await messages()).toBe(before);
  });

  it("never shows one user another user's conversation", async () => {
    const theirs = await call(t, 'POST', LIST, { visitorToken: visitor() }, { token: other.token });
    expect(theirs.data).toEqual([]);
    const c = await conversationOf(buyer.userId);
    // Ids of someone else's conversation or messages in the parameters change nothing.
    const probe = await call(
      t,
      'POST',
      LIST,
      { conversationId: c.id, userId: buyer.userId, afterSeq: 0 },
      { token: other.token },
    );
    expect(probe.data).toEqual([]);
    // The agents' calls are for agents only.
    expect(
      await call(t, 'POST', '/api/admin/chat/messages', { conversationId: c.id }, { token: other.token }),
    ).toMatchObject({ key: 'NO_PERMISSION' });
  });

  it('numbers messages per conversation without gaps, even when sent at once', async () => {
    const u = await register(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t, 'POST', SEND, { type: 'text', content: `m${i}` }, { token: u.token }),
      ),
    );
    expect(replies.every((r) => r.code === 0)).toBe(true);
    expect(replies.map((r) => r.data.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Gap fill: everything after seq 15; older pages before a message id.
    const after = await call(t, 'POST', LIST, { afterSeq: 15 }, { token: u.token });
    expect(after.data.map((m: { seq: number }) => m.seq)).toEqual([16, 17, 18, 19, 20]);
    const all = await call(t, 'POST', LIST, {}, { token: u.token });
    const fifth = all.data.find((m: { seq: number }) => m.seq === 5);
    const older = await call(t, 'POST', LIST, { message_id: fifth.id }, { token: u.token });
    expect(older.data.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('assigns conversations to online agents, least busy first, and waits when none is online', async () => {
    const users = await Promise.all([register(t), register(t), register(t), register(t)]);
    // Nobody online: the conversation waits.
    await call(t, 'POST', SEND, { type: 'text', content: 'anyone?' }, { token: users[0]!.token });
    expect(await conversationOf(users[0]!.userId)).toMatchObject({ status: 'waiting', agent_id: null });
    // An agent comes online and is handed the waiting conversation.
    expect(await call(t, 'POST', '/api/admin/chat/heartbeat', {}, { token: agentA.token })).toMatchObject({
      code: 0,
      data: { online: 1 },
    });
    for (let i = 0; i < 250 && (await conversationOf(users[0]!.userId)).agent_id === null; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await conversationOf(users[0]!.userId)).toMatchObject({ status: 'open', agent_id: agentA.userId });
    await call(t, 'POST', '/api/admin/chat/heartbeat', {}, { token: agentB.token });
    expect((await call(t, 'GET', UNREAD, {}, { token: users[1]!.token })).data.online).toBe(true);
    // Each new conversation goes to whoever has fewer open ones (the lower id on a tie).
    const openOf = async (agentId: string) =>
      Number(
        (
          await t.db.kysely
            .selectFrom('chat_conversations')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('agent_id', '=', agentId)
            .where('status', '=', 'open')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const chosen: string[] = [];
    for (const u of users.slice(1)) {
      const [a, b] = [await openOf(agentA.userId), await openOf(agentB.userId)];
      const expected =
        a === b ? [agentA.userId, agentB.userId].sort()[0] : a < b ? agentA.userId : agentB.userId;
      await call(t, 'POST', SEND, { type: 'text', content: 'hi' }, { token: u.token });
      const got = (await conversationOf(u.userId)).agent_id as string;
      expect(got).toBe(expected);
      chosen.push(got);
    }
    expect(chosen).toContain(agentB.userId);
    // An agent going offline takes no new conversations.
    await call(t, 'POST', '/api/admin/chat/offline', {}, { token: agentB.token });
    const fresh = await register(t);
    await call(t, 'POST', SEND, { type: 'text', content: 'hi' }, { token: fresh.token });
    expect((await conversationOf(fresh.userId)).agent_id).toBe(agentA.userId);
  });

  it('gives agents an inbox with unread counts, replies with text and images, read and close', async () => {
    const u = await register(t);
    await call(t, 'POST', '/api/admin/chat/heartbeat', {}, { token: agentA.token });
    await call(t, 'POST', SEND, { type: 'text', content: 'one' }, { token: u.token });
    await call(t, 'POST', SEND, { type: 'text', content: 'two', productId: '42' }, { token: u.token });
    const c = await conversationOf(u.userId);
    const inbox = await call(t, 'POST', '/api/admin/chat/inbox', { view: 'mine' }, { token: agentA.token });
    const row = inbox.data.pageList.find((x: { id: string }) => x.id === c.id);
    expect(row).toMatchObject({
      ownerType: 'user',
      userId: u.userId,
      name: u.username,
      status: 'open',
      unread: 2,
      lastSeq: 2,
      lastMessage: { type: 'text', content: 'two', send_receive: 'send' },
    });
    const seen = await call(
      t,
      'POST',
      '/api/admin/chat/messages',
      { conversationId: c.id },
      { token: agentA.token },
    );
    expect(seen.data.map((m: { content: string }) => m.content)).toEqual(['one', 'two']);
    expect(seen.data[1].productId).toBe('42');
    expect(Number((await conversationOf(u.userId)).agent_unread)).toBe(0);

    // Text and an uploaded image from the agent; the user's unread counts both until they read.
    await call(
      t,
      'POST',
      '/api/admin/chat/reply',
      { conversationId: c.id, content: 'Hello!' },
      { token: agentA.token },
    );
    const upload = await uploadImage(t, agentA.token, 'chat', PNG);
    const img = await call(
      t,
      'POST',
      '/api/admin/chat/reply',
      { conversationId: c.id, type: 'img', content: upload.data.data },
      { token: agentA.token },
    );
    expect(img).toMatchObject({ code: 0, data: { type: 'img', send_receive: 'receive', seq: 4 } });
    expect(img.data.content).toBe(upload.data.data);
    expect(await call(t, 'GET', UNREAD, {}, { token: u.token })).toMatchObject({
      data: { count: 2, lastSeq: 4 },
    });
    const list = await call(t, 'POST', LIST, {}, { token: u.token });
    expect(list.data.map((m: { send_receive: string }) => m.send_receive)).toEqual([
      'send',
      'send',
      'receive',
      'receive',
    ]);
    expect((await call(t, 'GET', UNREAD, {}, { token: u.token })).data.count).toBe(0);

    // The user's own picture goes; a picture someone else uploaded does not.
    const mine = await uploadImage(t, u.token, 'chat', PNG);
    expect(
      await call(t, 'POST', SEND, { type: 'img', content: mine.data.data }, { token: u.token }),
    ).toMatchObject({
      code: 0,
      data: { type: 'img' },
    });
    expect(
      await call(t, 'POST', SEND, { type: 'img', content: upload.data.data }, { token: u.token }),
    ).toMatchObject({
      key: 'IMAGE_NOT_FOUND',
    });
    expect(await call(t, 'POST', SEND, { type: 'img', content: '' }, { token: u.token })).toMatchObject({
      key: 'UPLOAD_FAILED',
    });

    // A PDF renamed .png is refused by the upload itself.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(await uploadImage(t, u.token, 'chat', pdf)).toMatchObject({ key: 'IMAGE_TYPE_NOT_ALLOWED' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await uploadImage(t, u.token, 'chat', svg)).toMatchObject({ key: 'IMAGE_TYPE_NOT_ALLOWED' });

    // Read by seq; close; replies to a closed conversation are refused; the user's next message reopens it.
    expect(
      await call(
        t,
        'POST',
        '/api/admin/chat/read',
        { conversationId: c.id, seq: 5 },
        { token: agentA.token },
      ),
    ).toMatchObject({ data: { unread: 0 } });
    expect(
      await call(t, 'POST', '/api/admin/chat/close', { conversationId: c.id }, { token: agentA.token }),
    ).toMatchObject({
      code: 0,
    });
    // Closing is an operator action: audited once (closing again changes nothing and writes nothing).
    await call(t, 'POST', '/api/admin/chat/close', { conversationId: c.id }, { token: agentA.token });
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after_json'])
      .where('target_id', '=', c.id)
      .execute();
    expect(audited).toEqual([
      { action: 'chat.close', actor_id: agentA.userId, after_json: JSON.stringify({ status: 'closed' }) },
    ]);
    expect(
      await call(
        t,
        'POST',
        '/api/admin/chat/reply',
        { conversationId: c.id, content: 'late' },
        { token: agentA.token },
      ),
    ).toMatchObject({ key: 'CHAT_CONVERSATION_CLOSED' });
    const again = await call(t, 'POST', SEND, { type: 'text', content: 'back' }, { token: u.token });
    expect(again.data.seq).toBe(6);
    expect(await conversationOf(u.userId)).toMatchObject({ status: 'open', agent_id: agentA.userId });

    // The user's recent orders beside the conversation (none yet).
    expect(
      await call(t, 'POST', '/api/admin/chat/orders', { conversationId: c.id }, { token: agentA.token }),
    ).toMatchObject({ code: 0, data: { pageList: [], pageInfo: { total: 0 } } });
  });

  it("keeps agents to their own brand's conversations", async () => {
    const c = await conversationOf(buyer.userId);
    const lumenAgent = await register(t, {}, { host: 'lumen.localhost' });
    await grantRoles(t, lumenAgent.userId, ['agent']);
    const reply = await call(
      t,
      'POST',
      '/api/admin/chat/messages',
      { conversationId: c.id },
      { token: lumenAgent.token, host: 'lumen.localhost' },
    );
    expect(reply).toMatchObject({ key: 'CHAT_CONVERSATION_NOT_FOUND' });
    const inbox = await call(
      t,
      'POST',
      '/api/admin/chat/inbox',
      { view: 'all' },
      { token: lumenAgent.token, host: 'lumen.localhost' },
    );
    expect(inbox.data.pageInfo.total).toBe(0);
  });

  it('limits how fast one conversation can be written to', async () => {
    const u = await register(t);
    const replies = [];
    for (let i = 0; i < 31; i++)
      replies.push(await call(t, 'POST', SEND, { content: `n${i}` }, { token: u.token }));
    expect(replies.at(-1)).toMatchObject({ key: 'TOO_FREQUENT' });
    t.clock.advance(10_000);
    expect(await call(t, 'POST', SEND, { content: 'later' }, { token: u.token })).toMatchObject({ code: 0 });
  });
});
