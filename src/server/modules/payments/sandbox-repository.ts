import { WEBHOOK_STATES, type WebhookState } from '../../../shared/api/payments.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * The sandbox provider's own books: its checkout sessions and the webhooks it owes the merchant
 * (src/server/modules/payments/sandbox.ts). It never reads or writes the casino's tables.
 */

export interface CheckoutRow {
  id: string;
  merchant_ref: string;
  amount: string;
  currency: string;
  status: string;
  return_url: string;
  webhook_url: string;
  locale: string;
  /** After this the checkout cannot be paid; null: never. */
  expires_at: Date | null;
}
const CHECKOUT_COLUMNS =
  'id, merchant_ref, amount::text, currency, status, return_url, webhook_url, locale, expires_at';

/** States of a checkout still waiting for the payer: the ones that can expire. */
const PAYABLE = `('open', 'requires_action')`;

/** A webhook's delivery states (declared with the operator's query, src/shared/api/payments.ts). */
export { WEBHOOK_STATES, type WebhookState };

/** What the operator sees of a webhook (its body is the signed event, without the signature). */
export interface WebhookRow {
  id: string;
  url: string;
  body: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  failed_at: Date | null;
  created_at: Date;
}
const WEBHOOK_COLUMNS =
  'id, url, body, attempts, last_error, next_attempt_at, delivered_at, failed_at, created_at';

/** A webhook leased for one delivery attempt. */
export interface DueWebhook {
  id: string;
  url: string;
  body: string;
  attempts: number;
}

/** Checkout and webhook ids are UUIDs; anything else names none (and must not reach a uuid column). */
const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

export async function insertCheckout(
  db: Queryable,
  checkout: {
    merchantRef: string;
    amount: bigint;
    currency: string;
    returnUrl: string;
    webhookUrl: string;
    locale: string;
    expiresAt: Date | null;
  },
): Promise<CheckoutRow | undefined> {
  const [row] = await db.query<CheckoutRow>(
    `insert into sandbox_checkouts (merchant_ref, amount, currency, status, return_url, webhook_url, locale, expires_at)
     values ($1, $2, $3, 'open', $4, $5, $6, $7) returning ${CHECKOUT_COLUMNS}`,
    [
      checkout.merchantRef,
      checkout.amount.toString(),
      checkout.currency,
      checkout.returnUrl,
      checkout.webhookUrl,
      checkout.locale,
      checkout.expiresAt,
    ],
  );
  return row;
}

/** A checkout past its deadline that was still waiting for the payer becomes `expired`. */
export async function expireCheckout(db: Queryable, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db.query(
    `update sandbox_checkouts set status = 'expired', failure_reason = 'expired'
      where id = $1 and status in ${PAYABLE} and expires_at <= now()`,
    [id],
  );
}

export async function checkoutById(db: Queryable, id: string): Promise<CheckoutRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<CheckoutRow>(
    `select ${CHECKOUT_COLUMNS} from sandbox_checkouts where id = $1`,
    [id],
  );
  return row;
}

/**
 * Moves a checkout from one of the `from` states to `to`; undefined when it is in none of them, or
 * past its deadline.
 */
export async function moveCheckout(
  db: Queryable,
  move: { id: string; from: string[]; to: string; last4: string | null; reason: string | null },
): Promise<CheckoutRow | undefined> {
  const [row] = await db.query<CheckoutRow>(
    `update sandbox_checkouts set status = $3, card_last4 = coalesce($4, card_last4), failure_reason = $5
      where id = $1 and status = any($2::text[]) and (expires_at is null or expires_at > now())
      returning ${CHECKOUT_COLUMNS}`,
    [move.id, move.from, move.to, move.last4, move.reason],
  );
  return row;
}

/** Queues a webhook, due now. */
export async function queueWebhook(db: Queryable, url: string, body: string): Promise<void> {
  await db.query('insert into sandbox_webhooks (url, body) values ($1, $2)', [url, body]);
}

/**
 * Leases up to 20 due webhooks for 15 seconds, so concurrent dispatchers (other instances) never
 * send one twice at once.
 */
export function leaseDueWebhooks(db: Queryable): Promise<DueWebhook[]> {
  return db.query<DueWebhook>(
    `update sandbox_webhooks set next_attempt_at = now() + interval '15 seconds'
      where id in (select id from sandbox_webhooks
                    where delivered_at is null and failed_at is null and next_attempt_at <= now()
                    order by next_attempt_at limit 20)
      returning id, url, body, attempts`,
  );
}

export async function markDelivered(db: Queryable, id: string, attempts: number): Promise<void> {
  await db.query('update sandbox_webhooks set delivered_at = now(), attempts = $2 where id = $1', [
    id,
    attempts,
  ]);
}

/** A refused delivery: due again after `retrySeconds`, or `failed` for good. */
export async function markAttemptFailed(
  db: Queryable,
  attempt: { id: string; attempts: number; error: string; retrySeconds: number; failed: boolean },
): Promise<void> {
  await db.query(
    `update sandbox_webhooks set attempts = $2, last_error = $3,
            next_attempt_at = now() + make_interval(secs => $4),
            failed_at = case when $5 then now() else null end
      where id = $1`,
    [attempt.id, attempt.attempts, attempt.error, attempt.retrySeconds, attempt.failed],
  );
}

/** Webhooks in one state, newest first. */
export function webhooksIn(db: Queryable, state: WebhookState, limit: number): Promise<WebhookRow[]> {
  const where = {
    pending: 'delivered_at is null and failed_at is null',
    delivered: 'delivered_at is not null',
    failed: 'failed_at is not null',
  }[state];
  return db.query<WebhookRow>(
    `select ${WEBHOOK_COLUMNS} from sandbox_webhooks where ${where} order by created_at desc limit $1`,
    [limit],
  );
}

/** A failed webhook due again now at `url`, with a fresh attempt budget; undefined unless failed. */
export async function redriveFailed(db: Queryable, id: string, url: string): Promise<WebhookRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<WebhookRow>(
    `update sandbox_webhooks set failed_at = null, attempts = 0, next_attempt_at = now(), url = $2
      where id = $1 and failed_at is not null returning ${WEBHOOK_COLUMNS}`,
    [id, url],
  );
  return row;
}
