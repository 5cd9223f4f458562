/**
 * Chat across two API processes sharing PostgreSQL and Redis (issue 8): a message sent through one
 * process reaches sockets held by the other at once (Redis pub/sub), both ways; an agent whose
 * socket is on one process counts as online for conversations started on the other.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { apiAs, loginAs, type RunningServer, startServer } from './harness.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
type Frame = any;

async function socket(server: RunningServer, auth: Record<string, unknown>) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
    headers: { host: `localhost:${server.port}` },
  });
  const frames: { at: number; frame: Frame }[] = [];
  ws.on('message', (data) => frames.push({ at: Date.now(), frame: JSON.parse(String(data)) }));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'auth', ...auth }));
  const until = async (test: (f: Frame) => boolean, ms: number) => {
    const end = Date.now() + ms;
    for (;;) {
      const hit = frames.find((f) => test(f.frame));
      if (hit) return hit;
      if (Date.now() > end) throw new Error('no such frame in time');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const hello = (await until((f) => f.type === 'hello', 5000)).frame;
  return { ws, until, hello };
}

describe.runIf(postgresUrl && redisUrl)('chat on two processes (PostgreSQL + Redis)', () => {
  const schema = `e2e_chat_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(postgresUrl as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl as string, SEED_DEMO: 'false' };
    a = await startServer(env);
    b = await startServer(env);
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  it('delivers a message sent through one process to sockets on the other, both ways', async () => {
    const buyer = await loginAs(a, 'demobuyer');
    const agentToken = await loginAs(b, 'demoagent');
    // The agent's socket is on B, the buyer's on A.
    const agent = await socket(b, { token: agentToken, as: 'agent' });
    const user = await socket(a, { token: buyer });
    // A hears B's agent through Redis (presence announcements).
    for (let i = 0; i < 50; i++) {
      const u = await apiAs(a, buyer)('/api/newOnlinechat!unread.action');
      if (u.data.online) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await apiAs(a, buyer)('/api/newOnlinechat!unread.action')).data.online).toBe(true);

    // Sent through B (HTTP), pushed to the buyer's socket on A and the agent's on B.
    const sentAt = Date.now();
    const sent = await apiAs(b, buyer)('/api/newOnlinechat!send.action', { content: 'hello from B' });
    expect(sent.code).toBe(0);
    const atUser = await user.until(
      (f) => f.type === 'message' && f.message.content === 'hello from B',
      1000,
    );
    const atAgent = await agent.until(
      (f) => f.type === 'message' && f.message.content === 'hello from B',
      1000,
    );
    expect(atUser.at - sentAt).toBeLessThan(1000);
    expect(atAgent.frame.conversationId).toBeTruthy();

    // The agent replies through A; the buyer's socket on A and the agent's on B both hear it.
    const repliedAt = Date.now();
    const reply = await apiAs(a, agentToken)('/api/admin/chat/reply', {
      conversationId: atAgent.frame.conversationId,
      content: 'answer via A',
    });
    expect(reply.code).toBe(0);
    const back = await user.until((f) => f.type === 'message' && f.message.content === 'answer via A', 1000);
    expect(back.at - repliedAt).toBeLessThan(1000);
    expect(back.frame.message.seq).toBe(2);
    await agent.until((f) => f.type === 'message' && f.message.content === 'answer via A', 1000);
    user.ws.terminate();
    agent.ws.terminate();
  });
});
