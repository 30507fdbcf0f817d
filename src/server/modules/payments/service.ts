import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { KycService } from '../kyc/service.ts';
import type { WalletEvents } from '../ledger/events.ts';
import type { ResponsibleLimits } from '../responsible/service.ts';
import { Deposits } from './deposits.ts';
import { DepositExpiry } from './expiry.ts';
import { expireDueDeposits, type PaymentRow, paymentById } from './repository.ts';
import type { SandboxProvider } from './sandbox.ts';
import { Webhooks } from './webhooks.ts';
import { Withdrawals } from './withdrawals.ts';

/**
 * Deposits (create → provider checkout → signed webhook → credit exactly once) and withdrawals
 * (hold at once → operator approves and pays out, or rejects and releases); an unpaid deposit
 * expires at its deadline (expiry.ts). Money moves only
 * through the wallet ledger; payment status moves forward only, by conditional updates.
 */
export class PaymentsService {
  readonly #db: Database;
  readonly deposits: Deposits;
  /** Unpaid deposits past their deadline → expired (a timer, and lazily on reads). */
  readonly expiry: DepositExpiry;
  readonly webhooks: Webhooks;
  readonly withdrawals: Withdrawals;

  constructor(deps: {
    database: Database;
    config: AppConfig;
    sandbox: SandboxProvider;
    webhookSecret: string;
    events: WalletEvents;
    kyc: KycService;
    /** The player's deposit limits, checked as a deposit is created. */
    limits: ResponsibleLimits;
    log: FastifyBaseLogger;
    /** The time webhook signatures are checked on (src/server/clock.ts); default the system's. */
    clock?: Clock;
  }) {
    this.#db = deps.database;
    this.deposits = new Deposits({
      ...deps,
      checkoutTtlMinutes: deps.config.env.DEPOSIT_CHECKOUT_TTL_MINUTES,
    });
    this.expiry = new DepositExpiry(deps);
    this.webhooks = new Webhooks(deps);
    this.withdrawals = new Withdrawals(deps);
  }

  /** The player's own payment (expired first if it is an unpaid deposit past its deadline); undefined for anyone else's. */
  async paymentOf(userId: string, id: string): Promise<PaymentRow | undefined> {
    const [expired] = await expireDueDeposits(this.#db, { userId, paymentId: id });
    const payment = expired ?? (await paymentById(this.#db, id));
    return payment?.user_id === userId ? payment : undefined;
  }
}
