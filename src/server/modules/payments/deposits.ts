import { fromMinor } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import type { ResponsibleLimits } from '../responsible/service.ts';
import { idempotencyConflict, requireCurrency } from './common.ts';
import { depositMethods } from './methods.ts';
import {
  expireDueDeposits,
  insertDeposit,
  markPending,
  type PaymentRow,
  paymentByKey,
  providerRef,
} from './repository.ts';
import type { SandboxProvider } from './sandbox.ts';

export interface DepositRequest {
  amount: bigint;
  method: string;
  idempotencyKey: string;
  /** Where the provider sends the player back (a page of the trusted site origin). */
  returnUrl: string;
  locale: string;
}

/**
 * Deposits: created, then paid at the provider's hosted checkout; the credit comes with the
 * provider's signed webhook (src/server/modules/payments/webhooks.ts).
 */
export class Deposits {
  readonly #db: Database;
  readonly #sandbox: SandboxProvider;
  readonly #limits: ResponsibleLimits;
  /** DEPOSIT_CHECKOUT_TTL_MINUTES, in seconds. */
  readonly #ttlSeconds: number;

  constructor(deps: {
    database: Database;
    sandbox: SandboxProvider;
    limits: ResponsibleLimits;
    checkoutTtlMinutes: number;
  }) {
    this.#db = deps.database;
    this.#sandbox = deps.sandbox;
    this.#limits = deps.limits;
    this.#ttlSeconds = Math.round(deps.checkoutTtlMinutes * 60);
  }

  /**
   * Creates a deposit and its provider checkout; the same idempotency key returns the same one.
   * The player's deposit limits are checked in the transaction that creates it, before the
   * provider is called: a deposit over a limit is refused and nothing is written.
   */
  async create(
    user: UserRow,
    input: DepositRequest,
  ): Promise<{ payment: PaymentRow; redirectUrl: string | null }> {
    const currency = requireCurrency(user);
    const method = depositMethods(currency).find((m) => m.id === input.method);
    if (!method) throw invalid('method', 'invalid_method');
    if (input.amount < method.min) throw invalid('amount', 'amount_too_small', fromMinor(method.min));
    if (input.amount > method.max) throw invalid('amount', 'amount_too_large', fromMinor(method.max));
    const created = await this.#db.transaction(async (tx) => {
      await this.#limits.checkDeposit(tx, user.id, input.amount, input.idempotencyKey);
      return insertDeposit(tx, {
        userId: user.id,
        provider: method.provider,
        method: method.id,
        amount: input.amount,
        currency,
        key: input.idempotencyKey,
        ttlSeconds: this.#ttlSeconds,
      });
    });
    if (!created) return this.#again(user, input);
    // The provider's checkout closes at the deposit's own deadline.
    const checkout = await this.#sandbox.createCheckout({
      merchantRef: created.id,
      amount: input.amount,
      currency,
      returnUrl: input.returnUrl,
      locale: input.locale,
      expiresAt: created.expires_at,
    });
    await markPending(this.#db, created.id, checkout.id);
    return {
      payment: { ...created, status: 'pending' },
      redirectUrl: checkoutUrl(input.returnUrl, checkout.id),
    };
  }

  /** The deposit made earlier with the same key, if this request is the same one; else 409. */
  async #again(user: UserRow, input: DepositRequest) {
    const found = await paymentByKey(this.#db, user.id, input.idempotencyKey);
    // Answered as it stands now: an unpaid deposit past its deadline is expired.
    const [expired] = found ? await expireDueDeposits(this.#db, { paymentId: found.id }) : [];
    const existing = expired ?? found;
    if (!existing) throw new Error('payment by key vanished');
    if (
      existing.direction !== 'deposit' ||
      BigInt(existing.amount) !== input.amount ||
      existing.method !== input.method
    ) {
      throw idempotencyConflict();
    }
    const ref = await providerRef(this.#db, existing.id);
    return { payment: existing, redirectUrl: ref ? checkoutUrl(input.returnUrl, ref) : null };
  }
}

/** The hosted checkout lives on the sandbox's own pages (same origin as the API here). */
function checkoutUrl(returnUrl: string, checkoutId: string): string {
  return `${new URL(returnUrl).origin}/api/sandbox/checkout/${checkoutId}`;
}
