/**
 * The one sender of messages (verification codes, notices). Every message is written to the
 * `outbox` table and logged; when SMTP is configured, e-mails are also delivered through it. No
 * SMS gateway is reachable from here, so text messages stay in the outbox (status `logged`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import type { Executor } from '../../core/db/database.ts';
import { newId } from '../../core/ids.ts';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  brand: string;
  channel: Channel;
  /** An e-mail address, or a phone as `+<area code><number>`. */
  to: string;
  subject: string;
  body: string;
}

export interface OutboxEntry extends OutgoingMessage {
  id: string;
  status: string;
  createdAt: number;
}

/** Sends one e-mail; throws when the transport refuses it. */
export type MailTransport = (message: { to: string; subject: string; text: string }) => Promise<void>;

export class OutboxService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly mail: MailTransport | undefined,
  ) {}

  async send(message: OutgoingMessage): Promise<string> {
    const id = newId();
    const now = this.clock.now();
    await this.db
      .insertInto('outbox')
      .values({
        id,
        brand: message.brand,
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        status: 'logged',
        error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    // The text itself (it may hold a code) is logged at debug level only.
    this.log.info(
      { outbox: id, channel: message.channel, to: message.to, subject: message.subject },
      'message',
    );
    this.log.debug({ outbox: id, body: message.body }, 'message body');
    if (message.channel === 'email' && this.mail) {
      try {
        await this.mail({ to: message.to, subject: message.subject, text: message.body });
        await this.mark(id, 'sent', null);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log.warn({ outbox: id, err: reason }, 'mail delivery failed');
        await this.mark(id, 'failed', reason.slice(0, 255));
      }
    }
    return id;
  }

  private async mark(id: string, status: string, error: string | null): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ status, error, sent_at: status === 'sent' ? this.clock.now() : null })
      .where('id', '=', id)
      .execute();
  }

  /** Newest first; tests and operators read codes here. */
  async latestFor(to: string, limit = 10): Promise<OutboxEntry[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      brand: r.brand,
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      status: r.status,
      createdAt: Number(r.created_at),
    }));
  }
}

/** An SMTP transport from a `smtp://` or `smtps://` URL (nodemailer), loaded only when configured. */
export async function createSmtpTransport(url: string, from: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url);
  return async ({ to, subject, text }) => {
    await transporter.sendMail({ from, to, subject, text });
  };
}
