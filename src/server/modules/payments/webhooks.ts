import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { onDeposit } from '../bonus/engine.ts';
import type { WalletEvents } from '../ledger/events.ts';
import { post } from '../ledger/ledger.ts';
import { paymentNotFound } from './common.ts';
import { markFailed, markSucceeded, type PaymentRow, paymentById, recordEvent } from './repository.ts';
import { verifySignature } from './signature.ts';

/** The sandbox provider's event, as its signed body must carry it (src/server/modules/payments/sandbox.ts). */
const webhookEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z.object({
    checkout_id: z.string().max(200).optional(),
    merchant_ref: z.string().max(200),
    amount: z.string().max(40),
    currency: z.string().max(10),
    failure_reason: z.string().max(500).nullish(),
  }),
});

type WebhookEvent = z.infer<typeof webhookEvent>;

/** The event in a raw body, or null when it is no JSON or not an event. */
function parseEvent(rawBody: string): WebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = webhookEvent.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The provider's signed webhooks: a deposit is credited exactly once (the ledger key is the
 * payment id), whatever the duplicates, replays and order of the events.
 */
export class Webhooks {
  readonly #db: Database;
  readonly #secret: string;
  readonly #events: WalletEvents;
  readonly #log: FastifyBaseLogger;
  readonly #clock: Clock;

  constructor(deps: {
    database: Database;
    webhookSecret: string;
    events: WalletEvents;
    log: FastifyBaseLogger;
    clock?: Clock;
  }) {
    this.#db = deps.database;
    this.#clock = deps.clock ?? systemClock;
    this.#secret = deps.webhookSecret;
    this.#events = deps.events;
    this.#log = deps.log;
  }

  /**
   * A webhook from the sandbox. Bad signatures are refused (401) and logged, so is a signed body
   * that is not an event (400); an amount or currency that does not match the payment is refused
   * (422) and logged; duplicates, replays and out-of-order events change nothing. A success for an expired deposit credits it (expired →
   * succeeded); a failure leaves it expired. Returns the payment's status after handling.
   */
  async handleSandbox(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ status: string; duplicate: boolean }> {
    const verdict = verifySignature(this.#secret, rawBody, signature, this.#clock.now());
    if (verdict !== 'ok') {
      this.#log.warn({ verdict }, 'sandbox webhook refused: bad signature');
      throw fail('unauthenticated', 'signature', `signature_${verdict}`);
    }
    // Signed is not well formed: a body that is no event is refused before anything is written.
    const event = parseEvent(rawBody);
    if (!event) {
      this.#log.warn({ bytes: rawBody.length }, 'sandbox webhook refused: not an event');
      throw fail('bad_request', 'body', 'bad_request');
    }
    const payment = await paymentById(this.#db, event.data.merchant_ref);
    if (payment?.direction !== 'deposit') {
      this.#log.warn({ event: event.id }, 'sandbox webhook for an unknown payment');
      throw paymentNotFound();
    }
    if (event.data.amount !== payment.amount || event.data.currency !== payment.currency) {
      this.#log.error(
        {
          event: event.id,
          payment: payment.id,
          got: event.data,
          want: { amount: payment.amount, currency: payment.currency },
        },
        'sandbox webhook amount or currency mismatch',
      );
      throw invalid('amount', 'amount_mismatch');
    }
    const fresh = await recordEvent(this.#db, {
      provider: 'sandbox',
      eventId: event.id,
      paymentId: payment.id,
      type: event.type,
      payload: rawBody,
    });
    if (event.type === 'payment.succeeded') {
      // The provider took the money: a success after the deposit's deadline still credits it.
      if (payment.status === 'expired')
        this.#log.warn({ event: event.id, payment: payment.id }, 'late success credits an expired deposit');
      await this.#credit(payment);
    } else if (event.type === 'payment.failed')
      await markFailed(this.#db, payment.id, event.data.failure_reason ?? 'failed');
    return { status: (await paymentById(this.#db, payment.id))?.status ?? payment.status, duplicate: !fresh };
  }

  /** Credits a deposit exactly once: the ledger key is the payment id. */
  async #credit(payment: PaymentRow) {
    const amount = BigInt(payment.amount);
    const result = await post(this.#db, {
      idempotencyKey: `deposit:${payment.id}`,
      kind: 'deposit',
      currency: payment.currency,
      request: { payment: payment.id, amount },
      metadata: { payment: payment.id },
      postings: [
        { account: { system: `provider:${payment.provider}` }, amount: -amount },
        { account: { userId: payment.user_id, kind: 'cash' }, amount },
      ],
      alsoInTransaction: async (tx) => {
        await markSucceeded(tx, payment.id);
        // Deposit-match bonuses waiting for this deposit (docs/bonuses.md).
        await onDeposit(tx, payment.user_id, payment.currency, amount);
      },
      answer: (balances) => ({ balance: balances.get(`${payment.user_id}:cash`) }),
    });
    if (!result.replayed) await this.#events.balanceChanged(payment.user_id);
  }
}
