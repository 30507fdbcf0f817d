import type { FastifyBaseLogger } from 'fastify';
import { type Currency, isCurrency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import type { UserRow } from '../auth/repository.ts';
import type { KycService } from '../kyc/service.ts';
import type { WalletEvents } from '../wallet/events.ts';
import { post } from '../wallet/ledger.ts';
import { depositMethods } from './methods.ts';
import type { SandboxProvider } from './sandbox.ts';
import { verifySignature } from './signature.ts';

export interface PaymentRow {
  id: string;
  user_id: string;
  direction: 'deposit' | 'withdrawal';
  provider: string;
  method: string;
  amount: string;
  currency: Currency;
  status: string;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const PAYMENT_COLUMNS =
  'id, user_id::text, direction, provider, method, amount::text, currency, status, failure_reason, created_at, updated_at';

/** What a player sees of a payment. */
export function publicPayment(p: PaymentRow) {
  return {
    id: p.id,
    direction: p.direction,
    method: p.method,
    amount: fromMinor(BigInt(p.amount)),
    currency: p.currency,
    status: p.status,
    failure_reason: p.failure_reason,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

interface WebhookEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  data: {
    checkout_id: string;
    merchant_ref: string;
    amount: string;
    currency: string;
    failure_reason?: string | null;
  };
}

/**
 * Deposits (create → provider checkout → signed webhook → credit exactly once) and withdrawals
 * (hold at once → operator approves and pays out, or rejects and releases). Money moves only
 * through the wallet ledger; payment status moves forward only, by conditional updates.
 */
export class PaymentsService {
  readonly #db: Database;
  readonly #config: AppConfig;
  readonly #sandbox: SandboxProvider;
  readonly #webhookSecret: string;
  readonly #events: WalletEvents;
  readonly #kyc: KycService;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    database: Database;
    config: AppConfig;
    sandbox: SandboxProvider;
    webhookSecret: string;
    events: WalletEvents;
    kyc: KycService;
    log: FastifyBaseLogger;
  }) {
    this.#kyc = deps.kyc;
    this.#db = deps.database;
    this.#config = deps.config;
    this.#sandbox = deps.sandbox;
    this.#webhookSecret = deps.webhookSecret;
    this.#events = deps.events;
    this.#log = deps.log;
  }

  /** Creates a deposit and its provider checkout; the same idempotency key returns the same one. */
  async createDeposit(
    user: UserRow,
    input: {
      amount: bigint;
      method: string;
      idempotencyKey: string;
      returnUrl: string;
      webhookUrl: string;
      locale: string;
    },
  ) {
    const currency = requireCurrency(user);
    const method = depositMethods(currency).find((m) => m.id === input.method);
    if (!method) throw invalid('method', 'invalid_method');
    if (input.amount < method.min) throw invalid('amount', `amount_too_small:${fromMinor(method.min)}`);
    if (input.amount > method.max) throw invalid('amount', `amount_too_large:${fromMinor(method.max)}`);
    const [created] = await this.#db.query<PaymentRow>(
      `insert into payments (user_id, direction, provider, method, amount, currency, status, idempotency_key)
       values ($1, 'deposit', $2, $3, $4, $5, 'created', $6)
       on conflict (user_id, idempotency_key) do nothing returning ${PAYMENT_COLUMNS}`,
      [user.id, method.provider, method.id, input.amount.toString(), currency, input.idempotencyKey],
    );
    if (!created) {
      const existing = await this.#byKey(user.id, input.idempotencyKey);
      if (
        existing.direction !== 'deposit' ||
        BigInt(existing.amount) !== input.amount ||
        existing.method !== input.method
      ) {
        throw new ApiError(409, { idempotency_key: ['idempotency_conflict'] });
      }
      const [ref] = await this.#db.query<{ provider_ref: string | null }>(
        'select provider_ref from payments where id = $1',
        [existing.id],
      );
      return {
        payment: existing,
        redirectUrl: ref?.provider_ref ? checkoutUrl(input.returnUrl, ref.provider_ref) : null,
      };
    }
    const checkout = await this.#sandbox.createCheckout({
      merchantRef: created.id,
      amount: input.amount,
      currency,
      returnUrl: input.returnUrl,
      webhookUrl: input.webhookUrl,
      locale: input.locale,
    });
    await this.#db.query(
      `update payments set provider_ref = $2, status = 'pending', updated_at = now() where id = $1`,
      [created.id, checkout.id],
    );
    return {
      payment: { ...created, status: 'pending' },
      redirectUrl: checkoutUrl(input.returnUrl, checkout.id),
    };
  }

  /**
   * A webhook from the sandbox. Bad signatures are refused (401) and logged; an amount or currency
   * that does not match the payment is refused (422) and logged; duplicates, replays and
   * out-of-order events change nothing. Returns the payment's status after handling.
   */
  async handleSandboxWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ status: string; duplicate: boolean }> {
    const verdict = verifySignature(this.#webhookSecret, rawBody, signature);
    if (verdict !== 'ok') {
      this.#log.warn({ verdict }, 'sandbox webhook refused: bad signature');
      throw new ApiError(401, { signature: [`signature_${verdict}`] });
    }
    const event = JSON.parse(rawBody) as WebhookEvent;
    const payment = await this.#byId(event.data?.merchant_ref);
    if (payment?.direction !== 'deposit') {
      this.#log.warn({ event: event.id }, 'sandbox webhook for an unknown payment');
      throw new ApiError(404, { payment: ['not_found'] });
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
      throw new ApiError(422, { amount: ['amount_mismatch'] });
    }
    const recorded = await this.#db.query(
      `insert into payment_events (provider, event_id, payment_id, type, payload) values ('sandbox', $1, $2, $3, $4)
       on conflict (provider, event_id) do nothing returning id`,
      [event.id, payment.id, event.type, rawBody],
    );
    const duplicate = recorded.length === 0;
    if (event.type === 'payment.succeeded') await this.#credit(payment);
    else if (event.type === 'payment.failed') {
      await this.#db.query(
        `update payments set status = 'failed', failure_reason = $2, updated_at = now() where id = $1 and status in ('created', 'pending')`,
        [payment.id, event.data.failure_reason ?? 'failed'],
      );
    }
    return { status: (await this.#byId(payment.id))?.status ?? payment.status, duplicate };
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
        // A failure recorded earlier (out of order) yields to the provider's final success.
        await tx.query(
          `update payments set status = 'succeeded', failure_reason = null, updated_at = now() where id = $1 and status <> 'succeeded'`,
          [payment.id],
        );
      },
      answer: (balances) => ({ balance: balances.get(`${payment.user_id}:cash`) }),
    });
    if (!result.replayed) await this.#events.balanceChanged(payment.user_id);
  }

  /** Holds the amount at once (cash → withdrawals held); bonus money is never withdrawable. */
  async requestWithdrawal(
    user: UserRow,
    input: { amount: bigint; method: string; details: Record<string, string>; idempotencyKey: string },
  ) {
    const currency = requireCurrency(user);
    if (input.method !== 'sandbox_card') throw invalid('method', 'invalid_method');
    const min = this.#config.currencies[currency].minPayout;
    if (input.amount < min) throw invalid('amount', `amount_below_min_payout:${fromMinor(min)}`);
    if (await this.#kyc.isNeeded(user.id, currency, input.amount))
      throw new ApiError(403, { verification: ['verification_required'] });
    const existing = await this.#db.query<PaymentRow>(
      `select ${PAYMENT_COLUMNS} from payments where user_id = $1 and idempotency_key = $2`,
      [user.id, input.idempotencyKey],
    );
    const paymentId = existing[0]?.id ?? crypto.randomUUID();
    const result = await post(this.#db, {
      idempotencyKey: `withdrawal:hold:${user.id}:${input.idempotencyKey}`,
      kind: 'withdrawal_hold',
      currency,
      request: { amount: input.amount, method: input.method, details: input.details },
      metadata: { payment: paymentId },
      postings: [
        { account: { userId: user.id, kind: 'cash' }, amount: -input.amount },
        { account: { system: 'withdrawals_held' }, amount: input.amount },
      ],
      alsoInTransaction: async (tx) => {
        await tx.query(
          `insert into payments (id, user_id, direction, provider, method, amount, currency, status, idempotency_key, details)
           values ($1, $2, 'withdrawal', 'sandbox', $3, $4, $5, 'held', $6, $7)`,
          [
            paymentId,
            user.id,
            input.method,
            input.amount.toString(),
            currency,
            input.idempotencyKey,
            JSON.stringify(input.details),
          ],
        );
      },
      answer: () => ({ payment: paymentId }),
    });
    if (!result.replayed) await this.#events.balanceChanged(user.id);
    const payment = await this.#byId(result.answer.payment);
    if (!payment) throw new Error('withdrawal vanished');
    return payment;
  }

  /** Operator: pays a held withdrawal out (held → provider) once; a decided one is a 409. */
  async approveWithdrawal(id: string) {
    return this.#decide(id, 'paid', (p) => [
      { account: { system: 'withdrawals_held' as const }, amount: -BigInt(p.amount) },
      { account: { system: `provider:${p.provider}` as const }, amount: BigInt(p.amount) },
    ]);
  }

  /** Operator: rejects a held withdrawal, returning the money to the player's cash. */
  async rejectWithdrawal(id: string, reason: string) {
    return this.#decide(
      id,
      'rejected',
      (p) => [
        { account: { system: 'withdrawals_held' as const }, amount: -BigInt(p.amount) },
        { account: { userId: p.user_id, kind: 'cash' as const }, amount: BigInt(p.amount) },
      ],
      reason,
    );
  }

  async #decide(
    id: string,
    to: 'paid' | 'rejected',
    postings: (p: PaymentRow) => Parameters<typeof post>[1]['postings'],
    reason?: string,
  ) {
    const payment = await this.#byId(id);
    if (payment?.direction !== 'withdrawal') throw new ApiError(404, { payment: ['not_found'] });
    if (payment.status !== 'held') throw new ApiError(409, { status: [`already_${payment.status}`] });
    await post(this.#db, {
      idempotencyKey: `withdrawal:${to}:${payment.id}`,
      kind: to === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
      currency: payment.currency,
      request: { payment: payment.id, to },
      metadata: { payment: payment.id, reason: reason ?? null },
      postings: postings(payment),
      alsoInTransaction: async (tx) => {
        const moved = await tx.query(
          `update payments set status = $2, failure_reason = $3, updated_at = now() where id = $1 and status = 'held' returning id`,
          [payment.id, to, reason ?? null],
        );
        // Approve and reject racing: the loser rolls back its postings.
        if (moved.length === 0) throw new ApiError(409, { status: ['already_decided'] });
      },
      answer: () => ({ payment: payment.id, status: to }),
    });
    if (to === 'rejected') await this.#events.balanceChanged(payment.user_id);
    return (await this.#byId(payment.id)) as PaymentRow;
  }

  async listWithdrawals(status: string) {
    return this.#db.query<PaymentRow>(
      `select ${PAYMENT_COLUMNS} from payments where direction = 'withdrawal' and status = $1 order by created_at limit 200`,
      [status],
    );
  }

  async paymentOf(userId: string, id: string): Promise<PaymentRow | undefined> {
    const payment = await this.#byId(id);
    return payment?.user_id === userId ? payment : undefined;
  }

  async #byId(id: string | undefined): Promise<PaymentRow | undefined> {
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const [row] = await this.#db.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from payments where id = $1`, [
      id,
    ]);
    return row;
  }

  async #byKey(userId: string, key: string): Promise<PaymentRow> {
    const [row] = await this.#db.query<PaymentRow>(
      `select ${PAYMENT_COLUMNS} from payments where user_id = $1 and idempotency_key = $2`,
      [userId, key],
    );
    if (!row) throw new Error('payment by key vanished');
    return row;
  }
}

function requireCurrency(user: UserRow): Currency {
  if (!isCurrency(user.currency)) throw invalid('currency', 'currency_not_set');
  return user.currency;
}

/** The hosted checkout lives on the sandbox's own pages (same origin as the API here). */
function checkoutUrl(returnUrl: string, checkoutId: string): string {
  return `${new URL(returnUrl).origin}/api/sandbox/checkout/${checkoutId}`;
}
