import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../../db/client.ts';
import type { MessageKind } from './messages.ts';
import { keepMessage, recordMailDelivery } from './outbox-repository.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  kind: MessageKind;
  recipient: string;
  subject?: string;
  body: string;
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Delivers mails over SMTP (nodemailer) when `SMTP_URL` is set; the outbox table then keeps only
 * delivery metadata (recipient, kind, sent_at or error), never the body: it holds codes and links.
 * Without SMTP, and for SMS until a gateway adapter exists, the outbox is the development sink and
 * keeps the whole message (a development-only page lists it). Bodies and subjects are never logged.
 */
export class Messenger {
  readonly #transport: Transporter | null;
  readonly #from: string;
  readonly #log: Logger;

  constructor(options: { smtpUrl?: string | undefined; from: string; log: Logger; production: boolean }) {
    this.#transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.#from = options.from;
    this.#log = options.log;
    if (options.production) {
      // Said once at start: in production the sink means codes sit in the database undelivered.
      if (!this.#transport)
        this.#log.warn(
          { channel: 'email' },
          'SMTP_URL is not set: mails are not delivered, only kept in the outbox table',
        );
      this.#log.warn(
        { channel: 'sms' },
        'no SMS gateway is configured: SMS are not delivered, only kept in the outbox table',
      );
    }
  }

  async send(db: Queryable, message: OutgoingMessage): Promise<void> {
    if (message.channel === 'email' && this.#transport) return this.#mail(db, message);
    const outboxId = await keepMessage(db, { ...message, subject: message.subject ?? null });
    this.#log.info(
      { outboxId, channel: message.channel, kind: message.kind },
      'message written to the outbox',
    );
  }

  async #mail(db: Queryable, message: OutgoingMessage): Promise<void> {
    let error: string | null = null;
    try {
      await this.#transport?.sendMail({
        from: this.#from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
    } catch (failure) {
      error = (failure as Error).message;
    }
    const outboxId = await recordMailDelivery(db, {
      kind: message.kind,
      recipient: message.recipient,
      error,
    });
    if (error) this.#log.warn({ outboxId, kind: message.kind, err: error }, 'mail delivery failed');
  }

  close(): void {
    this.#transport?.close();
  }
}
