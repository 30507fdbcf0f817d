import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { Periodic } from '../../periodic.ts';
import {
  type CheckoutRow,
  checkoutById,
  type DueWebhook,
  expireCheckout,
  insertCheckout,
  leaseDueWebhooks,
  markAttemptFailed,
  markDelivered,
  moveCheckout,
  queueWebhook,
  redriveFailed,
  type WebhookRow,
  type WebhookState,
  webhooksIn,
} from './sandbox-repository.ts';
import { signPayload } from './signature.ts';

export {
  type CheckoutRow,
  WEBHOOK_STATES,
  type WebhookRow,
  type WebhookState,
} from './sandbox-repository.ts';

/** Test cards: one that succeeds, one that is declined, one that asks for a 3-D Secure confirmation. */
export const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000003220': 'requires_action',
} as const;

/** Retry schedule: 2^attempts seconds (1 s, 2 s, 4 s, …), at most one hour apart, up to the attempt limit. */
export function nextRetrySeconds(attempts: number): number {
  return Math.min(3600, 2 ** Math.min(attempts, 12));
}

/**
 * The built-in sandbox payment provider. It plays the provider's part for real: its own checkout
 * sessions and hosted pages, and webhooks to the merchant signed with HMAC-SHA256 and a timestamp,
 * delivered over HTTP and retried with backoff until the merchant answers 2xx or the attempts run
 * out (then `failed`, listed for the operator, who can re-drive it). The merchant's endpoint is
 * configuration, as at a real provider. It keeps its own tables and never touches the casino's
 * payments or ledger.
 */
export class SandboxProvider {
  readonly #db: Database;
  readonly #secret: string;
  readonly #log: FastifyBaseLogger;
  readonly #webhookUrl: () => string;
  readonly #maxAttempts: number;
  readonly #periodic: Periodic;
  /** The time of the provider's events and signatures, and of its checkout page's deadline. */
  readonly clock: Clock;

  constructor(deps: {
    database: Database;
    webhookSecret: string;
    log: FastifyBaseLogger;
    /** The merchant's webhook endpoint (read when a checkout is created). */
    webhookUrl: () => string;
    maxAttempts: number;
    clock?: Clock;
  }) {
    this.#db = deps.database;
    this.clock = deps.clock ?? systemClock;
    this.#secret = deps.webhookSecret;
    this.#log = deps.log;
    this.#periodic = new Periodic(() => this.deliverDue(), deps.log, 'sandbox webhook dispatcher failed');
    this.#webhookUrl = deps.webhookUrl;
    this.#maxAttempts = deps.maxAttempts;
  }

  async createCheckout(input: {
    merchantRef: string;
    amount: bigint;
    currency: string;
    returnUrl: string;
    locale: string;
    /** The merchant's deadline: the checkout cannot be paid after it (null: never). */
    expiresAt: Date | null;
  }): Promise<CheckoutRow> {
    const row = await insertCheckout(this.#db, { ...input, webhookUrl: this.#webhookUrl() });
    if (!row) throw new Error('sandbox checkout not created');
    return row;
  }

  /** A checkout as it stands now: one past its deadline and still unpaid is `expired`. */
  async checkout(id: string): Promise<CheckoutRow | undefined> {
    await expireCheckout(this.#db, id);
    return checkoutById(this.#db, id);
  }

  /**
   * The card form was submitted. Returns the new status, 'invalid_card', or 'closed' when the
   * checkout was paid, failed or expired already.
   */
  async pay(
    id: string,
    cardNumber: string,
  ): Promise<'succeeded' | 'failed' | 'requires_action' | 'invalid_card' | 'closed'> {
    const card = cardNumber.replace(/\D/g, '') as keyof typeof TEST_CARDS;
    const outcome = TEST_CARDS[card];
    if (!outcome) return 'invalid_card';
    const status =
      outcome === 'succeeds' ? 'succeeded' : outcome === 'declined' ? 'failed' : 'requires_action';
    const moved = await this.#move(
      id,
      ['open'],
      status,
      card.slice(-4),
      outcome === 'declined' ? 'card_declined' : null,
    );
    return moved ? status : 'closed';
  }

  /** The 3-D Secure page was answered. */
  async authenticate(id: string, confirm: boolean): Promise<'succeeded' | 'failed' | 'closed'> {
    const status = confirm ? 'succeeded' : 'failed';
    const moved = await this.#move(
      id,
      ['requires_action'],
      status,
      null,
      confirm ? null : 'authentication_failed',
    );
    return moved ? status : 'closed';
  }

  /** Moves a checkout forward once and, for a final state, queues its webhook in the same transaction. */
  async #move(
    id: string,
    from: string[],
    to: string,
    last4: string | null,
    reason: string | null,
  ): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const row = await moveCheckout(tx, { id, from, to, last4, reason });
      if (!row) return false;
      if (to === 'succeeded' || to === 'failed') {
        const event = {
          id: `evt_${randomUUID()}`,
          type: to === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
          created: Math.floor(this.clock.now() / 1000),
          data: {
            checkout_id: row.id,
            merchant_ref: row.merchant_ref,
            amount: row.amount,
            currency: row.currency,
            failure_reason: reason,
          },
        };
        await queueWebhook(tx, row.webhook_url, JSON.stringify(event));
      }
      return true;
    });
  }

  /** Delivers due webhooks now (the timer calls this; tests may too). */
  async deliverDue(): Promise<number> {
    const due = await leaseDueWebhooks(this.#db);
    await Promise.all(due.map((hook) => this.#deliver(hook)));
    return due.length;
  }

  async #deliver(hook: DueWebhook): Promise<void> {
    const timestamp = Math.floor(this.clock.now() / 1000);
    let error: string | null = null;
    try {
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': signPayload(this.#secret, hook.body, timestamp),
        },
        body: hook.body,
        // A redirect is a failed delivery: following it would send signed events to another host.
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) error = `HTTP ${response.status}`;
      await response.body?.cancel();
    } catch (e) {
      error = (e as Error).message;
    }
    const attempts = hook.attempts + 1;
    if (error === null) {
      await markDelivered(this.#db, hook.id, attempts);
      return;
    }
    const failed = attempts >= this.#maxAttempts;
    await markAttemptFailed(this.#db, {
      id: hook.id,
      attempts,
      error,
      retrySeconds: nextRetrySeconds(attempts),
      failed,
    });
    if (failed) {
      this.#log.error(
        { webhook: hook.id, attempts, error },
        'sandbox webhook failed for good; an operator can re-drive it',
      );
    } else {
      this.#log.warn({ webhook: hook.id, attempts, error }, 'sandbox webhook not acknowledged; will retry');
    }
  }

  /** Webhooks in one state, newest first, for the operator. */
  listWebhooks(state: WebhookState, limit = 100): Promise<WebhookRow[]> {
    return webhooksIn(this.#db, state, limit);
  }

  /**
   * Operator: a failed webhook is due again, with a fresh attempt budget, at the endpoint configured
   * now (the operator may have fixed it); null if it is not failed.
   */
  async redrive(id: string): Promise<WebhookRow | null> {
    return (await redriveFailed(this.#db, id, this.#webhookUrl())) ?? null;
  }

  start(intervalMs: number): void {
    this.#periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.#periodic.stop();
  }
}
