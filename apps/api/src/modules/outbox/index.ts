/** The one message sender: outbox table + log, SMTP when configured. */
export {
  type Channel,
  createSmtpTransport,
  type MailTransport,
  type OutboxEntry,
  OutboxService,
  type OutgoingMessage,
} from './outbox.service.ts';
