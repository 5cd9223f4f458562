/**
 * The one sender: every message lands in the outbox; with SMTP configured, e-mails also go out
 * through nodemailer. A small SMTP listener stands in for a mail server (none is reachable here),
 * speaking just enough of the protocol to accept or refuse a message.
 */
import { once } from 'node:events';
import { type AddressInfo, createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { createTestDb, describeEachDialect, type TestDb } from '../../test/harness.ts';
import { createSmtpTransport, OutboxService } from './outbox.service.ts';

/** Accepts every message (keeping its DATA), except for recipients starting with "refuse". */
function smtpServer(received: string[]): Server {
  return createServer((socket) => {
    let data: string[] | undefined;
    let buffer = '';
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            received.push(data.join('\n'));
            data = undefined;
            say('250 queued');
          } else data.push(line);
        } else if (/^(EHLO|HELO)/i.test(line)) say('250 test');
        else if (/^RCPT TO:<refuse/i.test(line)) say('550 no such mailbox');
        else if (/^DATA/i.test(line)) {
          data = [];
          say('354 go ahead');
        } else if (/^QUIT/i.test(line)) {
          say('221 bye');
          socket.end();
        } else say('250 ok');
      }
    });
  });
}

describeEachDialect('outbox', (dialect) => {
  let db: TestDb;
  let server: Server;
  let outbox: OutboxService;
  const received: string[] = [];
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0));

  beforeAll(async () => {
    db = await createTestDb(dialect);
    server = smtpServer(received).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const mail = await createSmtpTransport(`smtp://127.0.0.1:${port}`, 'mall@example.test');
    outbox = new OutboxService(db.db.kysely, clock, Fastify({ logger: false }).log, mail);
  });
  afterAll(async () => {
    server.close();
    await db.cleanup();
  });

  const row = (id: string) =>
    db.db.kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps an e-mail in the outbox and delivers it over SMTP', async () => {
    const id = await outbox.send({
      brand: 'novamart',
      channel: 'email',
      to: 'buyer@example.test',
      subject: 'NovaMart verification code',
      body: 'Your code is 123456.',
    });
    expect(await row(id)).toMatchObject({ status: 'sent', error: null });
    expect(received.at(-1)).toContain('Your code is 123456.');
    expect(received.at(-1)).toContain('To: buyer@example.test');
    expect((await outbox.latestFor('buyer@example.test'))[0]).toMatchObject({ id, status: 'sent' });
  });

  it('marks a refused e-mail failed with the reason, and keeps a text message logged only', async () => {
    const before = received.length;
    const refused = await outbox.send({
      brand: 'novamart',
      channel: 'email',
      to: 'refuse@example.test',
      subject: 'Code',
      body: 'Your code is 654321.',
    });
    expect(await row(refused)).toMatchObject({ status: 'failed' });
    expect((await row(refused)).error).toContain('550');
    const sms = await outbox.send({
      brand: 'novamart',
      channel: 'sms',
      to: '+8613800000000',
      subject: 'Code',
      body: 'Your code is 111111.',
    });
    expect(await row(sms)).toMatchObject({ status: 'logged', body: 'Your code is 111111.' });
    expect(received.length).toBe(before);
  });
});
