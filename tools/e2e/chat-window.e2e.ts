/**
 * Issue 8 in a real browser: a buyer on the storefront and a service agent (the agent calls plus
 * the agent's own socket) exchange text and pictures; each sees the other's message within one
 * second with the socket, and within the polling interval (5 s) when the page's socket is refused.
 * Also: line breaks as breaks, HTML shown as text, Escape closes; screenshots in English and
 * Arabic at 1440 and 360 px under .artifacts/screenshots/chat/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  apiAs,
  launchBrowser,
  loginAs,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  uploadPng,
} from './harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
type Frame = any;

/** The agent's socket: frames as they arrive, with the time each arrived. */
async function agentSocket(server: RunningServer, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
    headers: { host: `localhost:${server.port}` },
  });
  const frames: { at: number; frame: Frame }[] = [];
  ws.on('message', (data) => frames.push({ at: Date.now(), frame: JSON.parse(String(data)) }));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'auth', token, as: 'agent' }));
  const until = async (test: (f: Frame) => boolean, ms: number): Promise<{ at: number; frame: Frame }> => {
    const end = Date.now() + ms;
    for (;;) {
      const hit = frames.find((f) => test(f.frame));
      if (hit) return hit;
      if (Date.now() > end) throw new Error('agent socket: no such frame in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await until((f) => f.type === 'hello', 5000);
  return { ws, frames, until };
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000100802000000909168360000001649444154789c' +
    '6338616343126218d530aa61f86a0000abc6401022a681cc0000000049454e44ae426082',
  'hex',
);

describe('chat window', () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let buyerToken: string;
  let agentToken: string;
  let agent: Awaited<ReturnType<typeof agentSocket>>;
  let conversationId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    buyerToken = await loginAs(server, 'demobuyer');
    agentToken = await loginAs(server, 'demoagent');
  });
  afterAll(async () => {
    agent?.ws.terminate();
    await browser?.close();
    await server?.stop();
  });

  async function buyerPage(
    viewport: 'desktop' | 'phone',
    lang: string,
    blockSocket = false,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(browser, viewport);
    await context.addInitScript(
      ([token]) => {
        window.localStorage.setItem('token', token as string);
        window.localStorage.setItem(
          'userInfo',
          JSON.stringify({ usercode: '', username: 'demobuyer', avatar: 1 }),
        );
      },
      [buyerToken],
    );
    // The socket refused: the window must fall back to the SPEC's polling.
    if (blockSocket) await context.routeWebSocket(/\/ws$/, (ws) => ws.close({ code: 1011 }));
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(server.url(`/index?customerService=1&lang=${lang}`), { waitUntil: 'networkidle' });
    await page.locator('.chat-window').waitFor();
    await page.locator('.chat-list').waitFor();
    return { context, page };
  }

  const reply = (body: Record<string, unknown>) => apiAs(server, agentToken)('/api/admin/chat/reply', body);

  it('lets a visitor leave a message while no agent is online, and says so', async () => {
    const { context, page } = await newPage(browser, 'desktop');
    await page.goto(server.url('/index?customerService=1&lang=en'), { waitUntil: 'networkidle' });
    await page.locator('.chat-notice').waitFor();
    expect(await page.locator('.chat-notice').innerText()).toContain(
      'Online customer service is not open yet',
    );
    // Pictures need an account; text goes.
    expect(await page.locator('.chat-icon-button').isDisabled()).toBe(true);
    await page.locator('.chat-compose textarea').fill('Do you ship to Kenya?');
    await page.locator('.chat-compose textarea').press('Enter');
    await page.locator('.chat-row.is-mine', { hasText: 'Do you ship to Kenya?' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'chat/visitor-offline-en-1440', false);
    // After a reload the visitor's conversation is still there (the token is kept).
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('.chat-row.is-mine', { hasText: 'Do you ship to Kenya?' }).waitFor();
    await context.close();
    // The agent comes online: the waiting conversation is handed to them.
    agent = await agentSocket(server, agentToken);
    const inbox = await apiAs(server, agentToken)('/api/admin/chat/inbox', { view: 'mine' });
    expect(inbox.data.pageList.some((c: { ownerType: string }) => c.ownerType === 'visitor')).toBe(true);
  });

  it('exchanges text and pictures within a second over the socket', async () => {
    const { context, page } = await buyerPage('desktop', 'en');
    const input = page.locator('.chat-compose textarea');
    await input.fill('');
    await input.type('Hello, where is my order?');
    await input.press('Shift+Enter');
    await input.type('<b>second line</b>');
    const sentAt = Date.now();
    await input.press('Enter');
    const got = await agent.until(
      (f) => f.type === 'message' && f.message.content === 'Hello, where is my order?\n<b>second line</b>',
      1000,
    );
    expect(got.at - sentAt).toBeLessThan(1000);
    conversationId = got.frame.conversationId;
    // Shown with its line break, the markup as text.
    const mine = page.locator('.chat-row.is-mine .chat-bubble').last();
    await expect.poll(() => mine.innerText()).toBe('Hello, where is my order?\n<b>second line</b>');
    expect(await mine.locator('b').count()).toBe(0);

    // The agent's text reaches the window within a second.
    const answeredAt = Date.now();
    expect((await reply({ conversationId, content: 'Hi! It ships today.' })).code).toBe(0);
    await page.locator('.chat-row.is-theirs', { hasText: 'It ships today' }).waitFor({ timeout: 1000 });
    expect(Date.now() - answeredAt).toBeLessThan(1000);

    // A picture from the buyer (uploaded with progress, then sent) reaches the agent within a second.
    const pickedAt = Date.now();
    await page
      .locator('.chat-compose input[type=file]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    const picture = await agent.until((f) => f.type === 'message' && f.message.type === 'img', 2000);
    expect(picture.at - pickedAt).toBeLessThan(1000);
    await page.locator('.chat-row.is-mine img').waitFor();

    // And one from the agent reaches the buyer within a second; it opens in a preview.
    const url = await uploadPng(server, agentToken, 'chat');
    const repliedAt = Date.now();
    expect((await reply({ conversationId, type: 'img', content: url })).code).toBe(0);
    await page.locator('.chat-row.is-theirs img').waitFor({ timeout: 1000 });
    expect(Date.now() - repliedAt).toBeLessThan(1000);
    await page.waitForTimeout(400);
    await screenshot(page, 'chat/window-en-1440', false);
    await page.locator('.chat-row.is-theirs .chat-picture').last().click();
    await page.locator('.chat-preview').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.chat-preview').waitFor({ state: 'detached' });
    // Escape closes the window itself.
    await page.keyboard.press('Escape');
    await page.locator('.chat-window').waitFor({ state: 'detached' });
    await context.close();
  });

  it('exchanges messages within the polling interval when the socket is refused', async () => {
    const { context, page } = await buyerPage('desktop', 'en', true);
    await page.locator('.chat-polling').waitFor();
    const answeredAt = Date.now();
    expect((await reply({ conversationId, content: 'Polling still works' })).code).toBe(0);
    await page.locator('.chat-row.is-theirs', { hasText: 'Polling still works' }).waitFor({ timeout: 6000 });
    expect(Date.now() - answeredAt).toBeLessThan(5000 + 1000);

    const input = page.locator('.chat-compose textarea');
    await input.fill('Thanks, without a socket');
    const sentAt = Date.now();
    await input.press('Enter');
    const got = await agent.until(
      (f) => f.type === 'message' && f.message.content === 'Thanks, without a socket',
      5000,
    );
    expect(got.at - sentAt).toBeLessThan(5000);
    await page.locator('.chat-row.is-mine', { hasText: 'Thanks, without a socket' }).waitFor();
    await screenshot(page, 'chat/window-polling-en-1440', false);
    await context.close();
  });

  it('looks right in English and Arabic at 1440 and 360 px, and shows the unread badge', async () => {
    // An unread reply for the badge.
    expect((await reply({ conversationId, content: 'One more thing: it ships by courier.' })).code).toBe(0);
    for (const lang of ['en', 'ar']) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await newPage(browser, viewport);
        await context.addInitScript(
          ([token]) => {
            window.localStorage.setItem('token', token as string);
            window.localStorage.setItem(
              'userInfo',
              JSON.stringify({ usercode: '', username: 'demobuyer', avatar: 1 }),
            );
          },
          [buyerToken],
        );
        if (lang === 'en' && viewport === 'desktop') {
          await page.goto(server.url('/index?lang=en'), { waitUntil: 'networkidle' });
          // The customer-service button's badge (the message centre has its own beside it).
          const badge = page
            .getByRole('button', { name: 'Customer service' })
            .first()
            .locator('.unread-badge');
          await badge.waitFor({ timeout: 10_000 });
          expect(await badge.innerText()).toBe('1');
          await screenshot(page, 'chat/badge-en-1440', false);
          await page.getByRole('button', { name: 'Customer service' }).first().click();
        } else {
          await page.goto(server.url(`/index?customerService=1&lang=${lang}`), { waitUntil: 'networkidle' });
        }
        await page.locator('.chat-row').first().waitFor();
        await page.waitForTimeout(500);
        if (lang === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await screenshot(page, `chat/window-${lang}-${viewport === 'desktop' ? '1440' : '360'}`, false);
        if (viewport === 'phone') {
          // Full screen on a phone.
          const box = await page.locator('.chat-window').boundingBox();
          const viewport = await page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
          expect(box?.width).toBe(viewport.w);
          expect(box?.height).toBe(viewport.h);
        }
        await context.close();
      }
    }
  });
});
