import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../../db/client.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Delivers mails over SMTP (nodemailer) when `SMTP_URL` is set. Every message is also written to
 * the outbox table: that is the delivery when no SMTP is configured, and for SMS until a gateway
 * adapter exists; a development-only page lists it. Bodies (they hold codes) are never logged.
 */
export class Messenger {
  readonly #transport: Transporter | null;
  readonly #from: string;
  readonly #log: Logger;

  constructor(options: { smtpUrl?: string | undefined; from: string; log: Logger }) {
    this.#transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.#from = options.from;
    this.#log = options.log;
  }

  async send(db: Queryable, message: OutgoingMessage): Promise<void> {
    const [row] = await db.query<{ id: string }>(
      'insert into outbox (channel, recipient, subject, body) values ($1, $2, $3, $4) returning id',
      [message.channel, message.recipient, message.subject ?? null, message.body],
    );
    if (message.channel === 'email' && this.#transport) {
      try {
        await this.#transport.sendMail({
          from: this.#from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        await db.query('update outbox set sent_at = now() where id = $1', [row?.id]);
      } catch (error) {
        await db.query('update outbox set error = $2 where id = $1', [row?.id, (error as Error).message]);
        this.#log.warn(
          { outboxId: row?.id, err: (error as Error).message },
          'mail delivery failed; kept in the outbox',
        );
      }
      return;
    }
    this.#log.info(
      { outboxId: row?.id, channel: message.channel, subject: message.subject },
      'message written to the outbox',
    );
  }

  close(): void {
    this.#transport?.close();
  }
}
