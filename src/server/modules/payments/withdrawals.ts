import { fromMinor } from '../../../shared/money.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { beforeWithdrawal } from '../bonus/engine.ts';
import type { KycService } from '../kyc/service.ts';
import type { WalletEvents } from '../ledger/events.ts';
import { type Posting, post } from '../ledger/ledger.ts';
import { idempotencyConflict, paymentNotFound, requireCurrency } from './common.ts';
import {
  decideHeld,
  insertWithdrawal,
  type PaymentRow,
  paymentById,
  paymentByKey,
  withdrawalsIn,
} from './repository.ts';

export interface WithdrawalRequest {
  amount: bigint;
  method: string;
  details: Record<string, string>;
  idempotencyKey: string;
}

/**
 * Withdrawals: the amount is held at once (cash → withdrawals held); the operator pays it out
 * (held → provider) or rejects it (held → the player's cash). Bonus money is never withdrawable.
 */
export class Withdrawals {
  readonly #db: Database;
  readonly #config: AppConfig;
  readonly #kyc: KycService;
  readonly #events: WalletEvents;

  constructor(deps: { database: Database; config: AppConfig; kyc: KycService; events: WalletEvents }) {
    this.#db = deps.database;
    this.#config = deps.config;
    this.#kyc = deps.kyc;
    this.#events = deps.events;
  }

  async request(user: UserRow, input: WithdrawalRequest): Promise<PaymentRow> {
    const currency = requireCurrency(user);
    if (input.method !== 'sandbox_card') throw invalid('method', 'invalid_method');
    const min = this.#config.currencies[currency].minPayout;
    if (input.amount < min) throw invalid('amount', 'amount_below_min_payout', fromMinor(min));
    if (await this.#kyc.isNeeded(user.id, currency, input.amount))
      throw fail('forbidden', 'verification', 'verification_required');
    const existing = await paymentByKey(this.#db, user.id, input.idempotencyKey);
    // The player's keys are one namespace across deposits and withdrawals (docs/api-money.md).
    if (existing && existing.direction !== 'withdrawal') throw idempotencyConflict();
    const paymentId = existing?.id ?? crypto.randomUUID();
    const result = await post(this.#db, {
      idempotencyKey: `withdrawal:hold:${user.id}:${input.idempotencyKey}`,
      kind: 'withdrawal_hold',
      currency,
      request: { amount: input.amount, method: input.method, details: input.details },
      metadata: { payment: paymentId },
      // An active bonus: the operator's rule (refuse, or forfeit it first), docs/bonuses.md.
      beforePostings: (tx) => beforeWithdrawal(tx, user.id, currency),
      postings: [
        { account: { userId: user.id, kind: 'cash' }, amount: -input.amount },
        { account: { system: 'withdrawals_held' }, amount: input.amount },
      ],
      alsoInTransaction: async (tx) => {
        const withdrawal = { id: paymentId, userId: user.id, currency, key: input.idempotencyKey };
        await insertWithdrawal(tx, { ...withdrawal, ...input }).catch((error: unknown) => {
          // A deposit with the same key committed since the check above: the hold rolls back.
          if (isUniqueViolation(error, 'payments_idempotency_key')) throw idempotencyConflict();
          throw error;
        });
      },
      answer: () => ({ payment: paymentId }),
    });
    if (!result.replayed) await this.#events.balanceChanged(user.id);
    const payment = await paymentById(this.#db, result.answer.payment);
    if (!payment) throw new Error('withdrawal vanished');
    return payment;
  }

  /** Operator: pays a held withdrawal out (held → provider) once; a decided one is a 409. */
  approve(id: string): Promise<PaymentRow> {
    return this.#decide(id, 'paid', (p) => ({ system: `provider:${p.provider}` }));
  }

  /** Operator: rejects a held withdrawal, returning the money to the player's cash. */
  reject(id: string, reason: string): Promise<PaymentRow> {
    return this.#decide(id, 'rejected', (p) => ({ userId: p.user_id, kind: 'cash' }), reason);
  }

  /** Withdrawals in one status, for the operator. */
  list(status: string): Promise<PaymentRow[]> {
    return withdrawalsIn(this.#db, status);
  }

  /** Moves the held amount to `destination` and the withdrawal to its decision, in one transaction. */
  async #decide(
    id: string,
    to: 'paid' | 'rejected',
    destination: (p: PaymentRow) => Posting['account'],
    reason?: string,
  ): Promise<PaymentRow> {
    const payment = await paymentById(this.#db, id);
    if (payment?.direction !== 'withdrawal') throw paymentNotFound();
    if (payment.status !== 'held')
      throw fail('conflict', 'status', payment.status === 'paid' ? 'already_paid' : 'already_rejected');
    const amount = BigInt(payment.amount);
    await post(this.#db, {
      idempotencyKey: `withdrawal:${to}:${payment.id}`,
      kind: to === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
      currency: payment.currency,
      request: { payment: payment.id, to },
      metadata: { payment: payment.id, reason: reason ?? null },
      postings: [
        { account: { system: 'withdrawals_held' }, amount: -amount },
        { account: destination(payment), amount },
      ],
      alsoInTransaction: async (tx) => {
        // Approve and reject racing: the loser rolls back its postings.
        if (!(await decideHeld(tx, payment.id, to, reason ?? null)))
          throw fail('conflict', 'status', 'already_decided');
      },
      answer: () => ({ payment: payment.id, status: to }),
    });
    if (to === 'rejected') await this.#events.balanceChanged(payment.user_id);
    return (await paymentById(this.#db, payment.id)) as PaymentRow;
  }
}
