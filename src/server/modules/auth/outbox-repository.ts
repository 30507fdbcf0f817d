import type { Queryable } from '../../db/client.ts';
import type { MessageKind } from './messages.ts';

/** The outbox: the development sink for mails and SMS, and the delivery record of mails sent. */

/** Keeps a whole message (the sink); returns its row id. */
export async function keepMessage(
  db: Queryable,
  message: {
    channel: 'email' | 'sms';
    kind: MessageKind;
    recipient: string;
    subject: string | null;
    body: string;
  },
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'insert into outbox (channel, kind, recipient, subject, body) values ($1, $2, $3, $4, $5) returning id',
    [message.channel, message.kind, message.recipient, message.subject, message.body],
  );
  return row?.id;
}

/** Records a mail handed to SMTP: sent now, or the error; never its subject or body. */
export async function recordMailDelivery(
  db: Queryable,
  delivery: { kind: MessageKind; recipient: string; error: string | null },
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `insert into outbox (channel, kind, recipient, sent_at, error)
     values ('email', $1, $2, case when $3::text is null then now() end, $3) returning id`,
    [delivery.kind, delivery.recipient, delivery.error],
  );
  return row?.id;
}

export interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** The newest 100 messages (the development outbox page). */
export function recentMessages(db: Queryable): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    'select channel, recipient, subject, body, created_at, sent_at from outbox order by id desc limit 100',
  );
}
